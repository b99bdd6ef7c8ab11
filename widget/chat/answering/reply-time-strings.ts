import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/**
 * The team's usual reply time (settings `team.replyTime`), shown while someone is online
 * and nobody has joined (never while the team is away: back-at.ts says when it is back).
 */
export type ReplyTimeStrings = Pick<Translation['answering'], 'minutes' | 'hour' | 'day'>

/** Every string of who is answering (a language file's `answering`). */
export type AnsweringStrings = Translation['answering']

/** English (widget/i18n/languages/en.json), built into the header's chunk. */
export const EN_REPLY_TIME_STRINGS: ReplyTimeStrings = {
  minutes: EN.answering.minutes,
  hour: EN.answering.hour,
  day: EN.answering.day,
}
