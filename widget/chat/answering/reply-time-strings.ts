import type { JoinedStrings } from './answering-strings'

/** The team's usual reply time (settings `team.replyTime`), shown while nobody has joined. */
export interface ReplyTimeStrings {
  minutes: string
  hour: string
  day: string
}

/** Every string of who is answering (a language file's `answering`). */
export type AnsweringStrings = JoinedStrings & ReplyTimeStrings

export const EN_REPLY_TIME_STRINGS: ReplyTimeStrings = {
  minutes: 'Usually replies in a few minutes',
  hour: 'Usually replies in an hour',
  day: 'Usually replies in a day',
}
