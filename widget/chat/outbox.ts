import type { EntryContent } from '../../shared/widget-api'
import { parseEntryContent } from '../protocol/conversation-entry'
import { isRecord, isString, type Json } from '../protocol/read'

/** A customer message not yet accepted by the backend (IndexedDB key "outbox"). */
export interface OutboxItem {
  /** The ClientId: retrying with the same id is safe, the backend keeps it once. */
  id: string
  /** Empty for an attachment. */
  text: string
  /** An attachment (POST /api/uploads' id), sent as `{type: 'file', fileId}`. */
  fileId?: string
  /** How the attachment shows until the backend's entry arrives (a photo or a document). */
  content?: EntryContent
  /** The page the customer was on when they wrote it (sender.url). */
  url?: string
  /** The invitation this message answers (sender.invite). */
  invite?: string
  at: number
}

/**
 * Reads a stored outbox. Its items' states live in the conversation's delivery map;
 * an outbox stored before that kept `state: 'failed'` (and `error`) on the item: those
 * items are returned in `failed`, by id, to be read with parseDeliveries.
 */
export function parseOutbox(value: unknown): { items: OutboxItem[]; failed: Json } {
  const failed: Json = {}
  const items = (Array.isArray(value) ? value : []).flatMap((item): OutboxItem[] => {
    if (
      !isRecord(item) ||
      !isString(item.id) ||
      !isString(item.text) ||
      typeof item.at !== 'number'
    )
      return []
    const parsed: OutboxItem = { id: item.id, text: item.text, at: item.at }
    if (isString(item.url)) parsed.url = item.url
    if (isString(item.invite)) parsed.invite = item.invite
    if (isString(item.fileId)) {
      parsed.fileId = item.fileId
      parsed.content = parseEntryContent(item.content)
    }
    if (item.state === 'failed') failed[item.id] = item
    return [parsed]
  })
  return { items, failed }
}
