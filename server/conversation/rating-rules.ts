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

/**
 * How often a conversation's rating may change after it was given (another score, a
 * comment): each change goes to the agents when they get ratings.
 */
export const MAX_RATING_CHANGES = 10

/** A stored rating (and the answer of POST /api/rating and GET /api/rating). */
export const StoredRating = z.object({
  conversation: z.string(),
  score: RatingScore,
  comment: z.string().optional(),
  /** When it was given, or last changed. */
  at: z.number(),
  /** 1 when given, one more at each change (absent in ratings stored before changes). */
  revision: z.number().int().positive().optional(),
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

/** The revision of a stored rating (1: as first given). */
export const revisionOf = (stored: StoredRating) => stored.revision ?? 1

/**
 * The rating a request makes of the stored one: its score, and its comment when it sends
 * one (an empty comment removes it; none keeps the stored one: a tap after the comment
 * changes only the score).
 */
export function mergedRating(
  stored: Pick<StoredRating, 'comment'>,
  request: Pick<RatingRequest, 'score' | 'comment'>,
): Pick<StoredRating, 'score' | 'comment'> {
  const comment = request.comment === undefined ? stored.comment : request.comment || undefined
  return { score: request.score, ...(comment ? { comment } : {}) }
}

/**
 * What a repeated rating of the same conversation meets: one that changes nothing (a
 * retry whose answer was lost) is `same` and answered as the first; one that changes the
 * score or the comment is `changed`, until the rating changed MAX_RATING_CHANGES times:
 * then `refused` (the last one stands).
 */
export function repeatOutcome(
  stored: StoredRating,
  request: Pick<RatingRequest, 'score' | 'comment'>,
): 'same' | 'changed' | 'refused' {
  const merged = mergedRating(stored, request)
  if (merged.score === stored.score && merged.comment === (stored.comment || undefined))
    return 'same'
  return revisionOf(stored) > MAX_RATING_CHANGES ? 'refused' : 'changed'
}

/** The metrics label of a score: `good`, `bad`, `1`…`5`. */
export const scoreLabel = (score: RatingScore) => String(score)

/** The short customer message the agents get: "Rated 👍: …", "Rated 4/5: …". */
export function ratingMessage(rating: Pick<StoredRating, 'score' | 'comment'>): string {
  const score = rating.score === 'good' ? '👍' : rating.score === 'bad' ? '👎' : `${rating.score}/5`
  return rating.comment ? `Rated ${score}: ${rating.comment}` : `Rated ${score}`
}
