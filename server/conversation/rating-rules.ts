import { z } from 'zod'
import { maskSecrets } from '../../shared/privacy/mask-secrets'
import type { EmailRating } from '../../shared/settings/email-settings'
import { EntryId } from '../../shared/widget-api'

/** The longest comment a rating carries (it also goes to the agents as a message). */
export const MAX_RATING_COMMENT = 500

/** A thumbs rating is `good` or `bad`; a stars rating is 1 to 5. */
export const RatingScore = z.union([z.enum(['good', 'bad']), z.number().int().min(1).max(5)])
export type RatingScore = z.infer<typeof RatingScore>

/** POST /api/rating body. */
export const RatingRequest = z.object({
  /** The id of the `system` entry that ended the conversation. */
  conversation: EntryId,
  score: RatingScore,
  comment: z
    .string()
    .trim()
    .max(MAX_RATING_COMMENT, `must be at most ${MAX_RATING_COMMENT} characters`)
    // Stored and sent to the agents: a card number or an IBAN in it is hidden first.
    .transform((comment) => maskSecrets(comment).text)
    .optional(),
})
export type RatingRequest = z.infer<typeof RatingRequest>

/** A stored rating (and the answer of POST /api/rating and GET /api/rating). */
export const StoredRating = z.object({
  conversation: z.string(),
  score: RatingScore,
  comment: z.string().optional(),
  at: z.number(),
})
export type StoredRating = z.infer<typeof StoredRating>

/** Why a score is refused under the settings' `email.rating`, or undefined when it fits. */
export function scoreProblem(score: RatingScore, rating: EmailRating): string | undefined {
  if (rating === 'none') return 'Ratings are off on this site (settings email.rating is none).'
  if (rating === 'thumbs' && typeof score !== 'string')
    return 'score: this site rates with thumbs: send "good" or "bad".'
  if (rating === 'stars' && typeof score !== 'number')
    return 'score: this site rates with stars: send a whole number from 1 to 5.'
  return undefined
}

/**
 * What a repeated rating of the same conversation meets: the same rating again (a retry
 * whose answer was lost) is `same` and answered as the first; any other is `refused`
 * (one rating per ended conversation: agents and metrics have counted the first).
 */
export function repeatOutcome(
  stored: StoredRating,
  request: Pick<RatingRequest, 'score' | 'comment'>,
): 'same' | 'refused' {
  const comment = request.comment || undefined
  return stored.score === request.score && (stored.comment || undefined) === comment
    ? 'same'
    : 'refused'
}

/** The metrics label of a score: `good`, `bad`, `1`…`5`. */
export const scoreLabel = (score: RatingScore) => String(score)

/** The short customer message the agents get: "Rated 👍: …", "Rated 4/5: …". */
export function ratingMessage(rating: Pick<StoredRating, 'score' | 'comment'>): string {
  const score = rating.score === 'good' ? '👍' : rating.score === 'bad' ? '👎' : `${rating.score}/5`
  return rating.comment ? `Rated ${score}: ${rating.comment}` : `Rated ${score}`
}
