import { describe, expect, it } from 'vitest'
import {
  MAX_RATING_CHANGES,
  mergedRating,
  RatingRequest,
  ratingMessage,
  repeatOutcome,
  scoreProblem,
} from '../../../server/conversation/rating-rules'

describe('the rating rules', () => {
  it('take good/bad under thumbs and 1-5 under stars, nothing under none', () => {
    expect(scoreProblem('good', 'thumbs')).toBeUndefined()
    expect(scoreProblem('bad', 'thumbs')).toBeUndefined()
    expect(scoreProblem(4, 'thumbs')).toMatch(/"good" or "bad"/)
    expect(scoreProblem(5, 'stars')).toBeUndefined()
    expect(scoreProblem('good', 'stars')).toMatch(/1 to 5/)
    expect(scoreProblem('good', 'none')).toMatch(/off/)
  })

  it('refuse scores out of range and long comments', () => {
    const ok = { conversation: '12', score: 3 }
    expect(RatingRequest.safeParse(ok).success).toBe(true)
    expect(RatingRequest.safeParse({ ...ok, score: 0 }).success).toBe(false)
    expect(RatingRequest.safeParse({ ...ok, score: 6 }).success).toBe(false)
    expect(RatingRequest.safeParse({ ...ok, score: 2.5 }).success).toBe(false)
    expect(RatingRequest.safeParse({ ...ok, score: 'meh' }).success).toBe(false)
    expect(RatingRequest.safeParse({ ...ok, comment: 'x'.repeat(500) }).success).toBe(true)
    expect(RatingRequest.safeParse({ ...ok, comment: 'x'.repeat(501) }).success).toBe(false)
  })

  it('hide a card number in the comment before it is stored or sent', () => {
    const parsed = RatingRequest.parse({
      conversation: '12',
      score: 3,
      comment: 'card 4111111111111111',
    })
    expect(parsed.comment).toBe('card •••• •••• •••• 1111')
  })

  it('answer the same rating again as the first; another score or comment changes it, up to a limit', () => {
    const stored = { conversation: '12', score: 'bad' as const, comment: 'slow', at: 1 }
    expect(repeatOutcome(stored, { score: 'bad', comment: 'slow' })).toBe('same')
    // No comment sent keeps the stored one: a re-tap of the same score is a retry.
    expect(repeatOutcome(stored, { score: 'bad' })).toBe('same')
    expect(repeatOutcome(stored, { score: 'good', comment: 'slow' })).toBe('changed')
    expect(repeatOutcome(stored, { score: 'bad', comment: '' })).toBe('changed')
    expect(repeatOutcome({ conversation: '1', score: 4, at: 1 }, { score: 4, comment: '' })).toBe(
      'same',
    )
    const worn = { ...stored, revision: MAX_RATING_CHANGES + 1 }
    expect(repeatOutcome(worn, { score: 'good' })).toBe('refused')
    expect(repeatOutcome({ ...worn, revision: MAX_RATING_CHANGES }, { score: 'good' })).toBe(
      'changed',
    )
    expect(mergedRating(stored, { score: 'good' })).toEqual({ score: 'good', comment: 'slow' })
    expect(mergedRating(stored, { score: 'good', comment: '' })).toEqual({ score: 'good' })
  })

  it('tell the agents in a short message', () => {
    expect(ratingMessage({ score: 4, comment: 'Quick, thanks' })).toBe('Rated 4/5: Quick, thanks')
    expect(ratingMessage({ score: 'good' })).toBe('Rated 👍')
    expect(ratingMessage({ score: 'bad', comment: 'slow' })).toBe('Rated 👎: slow')
  })
})
