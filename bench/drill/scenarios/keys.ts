import type { ConversationEntry } from '../../../shared/widget-api'
import { entryMessageId, entryText } from '../porthole-client'

/** The agent messages' ids (A3 message.id) of entries, in order. */
export const messageIdsOf = (entries: readonly ConversationEntry[]) =>
  entries.map(entryMessageId).filter((key): key is string => key !== undefined)

/** The texts of entries, in order. */
export const textsOf = (entries: readonly ConversationEntry[]) =>
  entries.map(entryText).filter((text): text is string => text !== undefined)
