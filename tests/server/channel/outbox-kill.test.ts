import { randomBytes } from 'node:crypto'
import { expect, it, vi } from 'vitest'
import { describeRedis } from '../../../kit/redis-server'
import { REAL_WORK_TIMEOUT_MS } from '../../support/timeouts'
import { newVisitor, useInstancePair } from '../support/instance-pair'

// Two backend processes on one Redis. One is killed (-9) while the service holds its
// A2 request; the other must deliver the message once the short claim lapses.

const A2_TIMEOUT_MS = 1000
/** The claim (timeout + 5 s) plus one sweep (5 s), and slack for a busy machine. */
const TAKEOVER_LIMIT_MS = A2_TIMEOUT_MS + 5000 + 5000 + 4000

describeRedis('outbox: kill -9 of one instance mid-send', () => {
  const cluster = useInstancePair({ A2_TIMEOUT_MS: String(A2_TIMEOUT_MS) })

  it('the other instance delivers the message soon after the claim lapses (once more at most)', async () => {
    const { upstream, a, b } = cluster
    const { token } = await newVisitor(a)
    const id = `kill-${randomBytes(6).toString('hex')}`
    let killedAt = 0
    upstream.holdFirst(id, () => {
      killedAt = Date.now()
      void a.kill()
    })
    const post = fetch(`${a.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id, type: 'text', text: 'sent just before the crash' }),
    }).catch(() => undefined)
    await vi.waitFor(() => expect(killedAt).toBeGreaterThan(0), { timeout: REAL_WORK_TIMEOUT_MS })
    expect(await post).toBeUndefined()
    await vi.waitFor(() => expect(upstream.ids().filter((x) => x === id)).toHaveLength(2), {
      timeout: TAKEOVER_LIMIT_MS,
      interval: 100,
    })
    // The answer of the first request was lost with the process: exactly one duplicate.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(upstream.ids().filter((x) => x === id)).toHaveLength(2)
    // B answers a repeat of the POST from the stored record: sent, no third request.
    const again = await fetch(`${b.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ id, type: 'text', text: 'sent just before the crash' }),
    })
    expect(again.status).toBe(200)
    expect(upstream.ids().filter((x) => x === id)).toHaveLength(2)
  }, 60_000)
})
