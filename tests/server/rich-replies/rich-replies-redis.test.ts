import { nanoid } from 'nanoid'
import { expect, it } from 'vitest'
import { describeRedis, useRedisServer } from '../../../kit/redis-server'
import { createRichReplies } from '../../../server/rich-replies/rich-replies'
import { createRedisStore } from '../../../server/store/redis-store'

const FALLBACK = 'Reply "Yes" or "No".'
const BUTTONS = {
  type: 'BUTTONS' as const,
  text: FALLBACK,
  buttons: [{ text: 'Yes' }, { text: 'No' }],
}

describeRedis('rich replies on the redis: store (two instances)', () => {
  const redis = useRedisServer()

  it('the instance running the bot remembers, another takes it, once, and after a restart', async () => {
    const prefix = `t:${nanoid()}:`
    const first = redis.closeAfterTest(await createRedisStore(redis.server.url, { prefix }))
    const second = redis.closeAfterTest(await createRedisStore(redis.server.url, { prefix }))
    await createRichReplies({ store: first, now: Date.now }).remember('visitor-1', BUTTONS)
    await createRichReplies({ store: first, now: Date.now }).remember('visitor-1', BUTTONS)
    await first.close()
    // The other instance (or this one restarted) finds both, each for one message only.
    const other = createRichReplies({ store: second, now: Date.now })
    const [a, b, c] = await Promise.all([
      other.take('visitor-1', FALLBACK),
      other.take('visitor-1', FALLBACK),
      other.take('visitor-1', FALLBACK),
    ])
    expect([a, b, c].filter(Boolean)).toHaveLength(2)
    expect(a?.rich ?? b?.rich).toEqual({
      type: 'buttons',
      text: FALLBACK,
      buttons: [{ text: 'Yes' }, { text: 'No' }],
    })
    expect(await other.take('visitor-2', FALLBACK)).toBeUndefined()
  })
})
