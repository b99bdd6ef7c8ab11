import { describe, expect, it } from 'vitest'
import type { Outbox } from '../../../server/channel/outbox'
import { MAX_RATING_CHANGES } from '../../../server/conversation/rating-rules'
import { createRatings, ratingClientId } from '../../../server/conversation/ratings'
import { silentLogger } from '../../../server/logging/logger'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { createMemoryStore } from '../../../server/store/memory-store'

/** Ratings on a memory store whose outbox keeps what it was given, one message per id. */
function setup() {
  const sent = new Map<string, string>()
  const outbox = {
    submit: async (item: { clientId: string; texts: string[] }) => {
      if (!sent.has(item.clientId)) sent.set(item.clientId, item.texts.join(''))
      return { state: 'sent' }
    },
  } as unknown as Outbox
  const ratings = createRatings({
    store: createMemoryStore(),
    outbox,
    registry: createMetricsRegistry(),
    logger: silentLogger,
    now: Date.now,
    keepMs: 86_400_000,
  })
  return { ratings, sent }
}

describe('ratings that change (issue 35, defect 2)', () => {
  it('stops changes after MAX_RATING_CHANGES: the last rating stands, and its retry still answers', async () => {
    const { ratings } = setup()
    const rate = (score: 'good' | 'bad') =>
      ratings.rate('v1', { conversation: 'e1', score }, { toAgents: false })
    expect((await rate('good')).outcome).toBe('stored')
    let score: 'good' | 'bad' = 'good'
    for (let change = 1; change <= MAX_RATING_CHANGES; change++) {
      score = score === 'good' ? 'bad' : 'good'
      expect((await rate(score)).outcome).toBe('changed')
    }
    expect(await rate(score === 'good' ? 'bad' : 'good')).toMatchObject({
      outcome: 'refused',
      rating: { score, revision: MAX_RATING_CHANGES + 1 },
    })
    expect((await rate(score)).outcome).toBe('same')
    expect(await ratings.read('v1', 'e1')).toMatchObject({ score })
  })

  it('sends each version to the agents once, under its own id (the first keeps the old one)', async () => {
    const { ratings, sent } = setup()
    const toAgents = { toAgents: true }
    await ratings.rate('v1', { conversation: 'e1', score: 4 }, toAgents)
    await ratings.rate('v1', { conversation: 'e1', score: 4, comment: 'Quick' }, toAgents)
    // A retry of the comment (its answer lost): the outbox gets the same id again.
    await ratings.rate('v1', { conversation: 'e1', score: 4, comment: 'Quick' }, toAgents)
    expect([...sent]).toEqual([
      [ratingClientId('e1'), 'Rated 4/5'],
      [ratingClientId('e1', 2), 'Rated 4/5: Quick'],
    ])
    expect(ratingClientId('e1', 1)).toBe(ratingClientId('e1'))
  })
})
