import { z } from 'zod'
import { HttpUrl } from '../url'

/** The most team photos the chat shows while nobody has joined. */
export const MAX_TEAM_AVATARS = 3

/** The expected reply time the chat shows while nobody has joined; `hidden` shows none. */
export const REPLY_TIMES = ['minutes', 'hour', 'day', 'hidden'] as const
export type ReplyTime = (typeof REPLY_TIMES)[number]

/**
 * The site's team as visitors see it before an agent joins (the settings file's `team`
 * key): up to three photos and the usual reply time ("Usually replies in a few minutes").
 */
export const TeamSettings = z.strictObject({
  /** Photos of the team (http:// or https:// links; 128×128 px is plenty). */
  avatars: z
    .array(HttpUrl, { error: 'must be a list of photo links' })
    // A refinement, not .max(): zod would also measure a string given instead of a list.
    .refine(
      (list) => list.length <= MAX_TEAM_AVATARS,
      `must hold at most ${MAX_TEAM_AVATARS} photos`,
    )
    .default([]),
  replyTime: z
    .enum(REPLY_TIMES, { error: 'must be minutes, hour, day or hidden' })
    .default('hidden'),
})
export type TeamSettings = z.output<typeof TeamSettings>
