import { z } from 'zod'
import { HttpUrl } from '../url'

export const EMAIL_RATINGS = ['none', 'thumbs', 'stars'] as const
export type EmailRating = (typeof EMAIL_RATINGS)[number]

/** The least `email.afterSeconds`: a visitor switching tabs is not "gone". */
export const MIN_AFTER_SECONDS = 10

/**
 * The site owner's e-mail settings (the settings file's `email` key). They take effect
 * only when the operator configured SMTP_URL and EMAIL_FROM.
 */
export const EmailSettings = z.strictObject({
  /** E-mail the visitor the agents' replies they have not read. */
  missedReplies: z.boolean({ error: 'must be on (true) or off (false)' }).default(true),
  /** How long an agent's reply stays unread before it is e-mailed. */
  afterSeconds: z
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(MIN_AFTER_SECONDS, `must be at least ${MIN_AFTER_SECONDS} seconds`)
    .max(7 * 24 * 3600, 'must be at most 604800 seconds (a week)')
    .default(120),
  /** Where the e-mail's resume link opens the chat; absent: the visitor's last page. */
  continueUrl: HttpUrl.optional(),
  /** How many days a resume link works. */
  linkDays: z
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(365, 'must be at most 365 days (a year)')
    .default(7),
  /** What the visitor is asked at the end of a conversation. */
  rating: z.enum(EMAIL_RATINGS, { error: 'must be none, thumbs or stars' }).default('thumbs'),
  /** Also send the visitor's rating to the agents, as a customer message. */
  ratingToAgents: z.boolean({ error: 'must be on (true) or off (false)' }).default(false),
})
export type EmailSettings = z.output<typeof EmailSettings>

export const DEFAULT_EMAIL_SETTINGS: EmailSettings = EmailSettings.parse({})
