import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/**
 * Who is answering: the joined line and the senders screen readers hear on grouped
 * messages (`you` the visitor's own, `agent` an agent without a name), in the engine's chunk;
 * the team's usual reply time is in the header's (reply-time-strings.ts). Every other
 * language's come with that language's file (widget/i18n/languages/<lang>.json, `answering`).
 */
export type JoinedStrings = Pick<Translation['answering'], 'joined' | 'you' | 'agent'>

/** English (widget/i18n/languages/en.json), built into this chunk. */
export const EN_JOINED_STRINGS: JoinedStrings = {
  joined: EN.answering.joined,
  you: EN.answering.you,
  agent: EN.answering.agent,
}
