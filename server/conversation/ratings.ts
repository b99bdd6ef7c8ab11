import { createHash } from 'node:crypto'
import type { Sender } from '../../shared/protocol/chat-channel'
import { splitText } from '../../shared/text'
import type { Outbox } from '../channel/outbox'
import type { Logger } from '../logging/logger'
import { oncePerRegistry } from '../metrics/once-per-registry'
import type { MetricsRegistry } from '../metrics/registry'
import { readProfile } from '../session/profile'
import { emailLockKey, ratingKey } from '../store/keys'
import type { Store } from '../store/types'
import { withClaim } from '../store/with-claim'
import {
  mergedRating,
  type RatingRequest,
  ratingMessage,
  repeatOutcome,
  revisionOf,
  StoredRating,
  scoreLabel,
} from './rating-rules'

export type RatingsOptions = {
  store: Store
  /** The A2 customer-message outbox (the widget's messages'). */
  outbox: Outbox
  registry: MetricsRegistry
  logger: Logger
  now: () => number
  keepMs: number
}

export type Ratings = ReturnType<typeof createRatings>

/** porthole_ratings_total{score}, registered once per registry. */
const ratingCounter = oncePerRegistry((registry) =>
  registry.counter(
    'porthole_ratings_total',
    'Visitors rating an ended conversation, by score: good, bad (thumbs) or 1 to 5 (stars).',
    ['score'],
  ),
)

/**
 * The rating's customer message id: one per ended conversation and revision, so the
 * outbox sends each once (the first keeps the id ratings had before they could change).
 */
export const ratingClientId = (endedId: string, revision = 1) =>
  `rating-${createHash('sha256')
    .update(revision === 1 ? endedId : `${endedId}:${revision}`)
    .digest('hex')
    .slice(0, 24)}`

/**
 * Ratings of ended conversations: one per conversation, stored under a claim (two
 * devices rating at once store one). The same rating sent again (a retry) is answered
 * as the first; another score or a comment changes it (up to MAX_RATING_CHANGES times).
 * Counted once, at its first score, and sent to the agents when asked, as a customer
 * message whose id derives from the conversation and the revision (each sent once).
 *
 * @example const outcome = await ratings.rate(visitorId, request, { toAgents: true })
 */
export function createRatings(options: RatingsOptions) {
  const { store, logger, now } = options
  const counter = ratingCounter(options.registry)

  const read = (visitorId: string, endedId: string) =>
    store.getRecord(ratingKey(visitorId, endedId), StoredRating)

  async function toAgents(visitorId: string, rating: StoredRating): Promise<void> {
    const profile = await readProfile(store, visitorId)
    const sender: Sender = { id: visitorId, ...profile.contact }
    if (profile.invite) sender.invite = profile.invite
    const result = await options.outbox.submit({
      visitorId,
      clientId: ratingClientId(rating.conversation, revisionOf(rating)),
      sender,
      texts: splitText(ratingMessage(rating)),
    })
    if (result.state !== 'sent')
      logger.warn('rating: not yet accepted by the chat service', { state: result.state })
  }

  async function rate(
    visitorId: string,
    request: RatingRequest,
    settings: { toAgents: boolean },
  ): Promise<{
    outcome: 'stored' | 'same' | 'changed' | 'refused' | 'busy'
    rating?: StoredRating
  }> {
    const key = ratingKey(visitorId, request.conversation)
    // One try: another request storing this rating now makes this one 'busy'.
    const once = { ttl: 30_000, onTimeout: 'skip' } as const
    const result = await withClaim(store, emailLockKey(key), once, async () => {
      const stored = await read(visitorId, request.conversation)
      const outcome = stored ? repeatOutcome(stored, request) : ('stored' as const)
      if (stored && outcome !== 'changed') return { outcome, rating: stored }
      const rating: StoredRating = {
        conversation: request.conversation,
        ...mergedRating(stored ?? {}, request),
        at: now(),
        revision: stored ? revisionOf(stored) + 1 : 1,
      }
      await store.setAgedRecord(key, rating, 'ratings', now())
      if (!stored) counter.inc({ score: scoreLabel(rating.score) })
      const event = stored ? 'conversation rating changed' : 'conversation rated'
      logger.info(event, { visitorId, score: scoreLabel(rating.score) })
      return { outcome, rating }
    })
    if (!result.held) return { outcome: 'busy' }
    const { outcome, rating } = result.value
    // A retry sends it too: the outbox takes one message per id, and a first request that
    // stopped after storing the rating left it unsent.
    if (settings.toAgents && outcome !== 'refused') await toAgents(visitorId, rating)
    return { outcome, rating }
  }

  return { rate, read }
}
