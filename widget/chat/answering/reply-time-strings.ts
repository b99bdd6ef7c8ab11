import type { JoinedStrings } from './answering-strings'
import type { BackStrings } from './back-at'

/**
 * The team's usual reply time (settings `team.replyTime`), shown while someone is online
 * and nobody has joined (never while the team is away: back-at.ts says when it is back).
 */
export interface ReplyTimeStrings {
  minutes: string
  hour: string
  day: string
}

/** Every string of who is answering (a language file's `answering`). */
export type AnsweringStrings = JoinedStrings & ReplyTimeStrings & BackStrings

export const EN_REPLY_TIME_STRINGS: ReplyTimeStrings = {
  minutes: 'Usually replies in a few minutes',
  hour: 'Usually replies in an hour',
  day: 'Usually replies in a day',
}
