import { describe, expect, it } from 'vitest'
import { createElapsedTime, MAX_UNWATCHED_GAP_MS } from '../../../server/channel/elapsed-time'
import { isDue, maxWaitOf, next, type RetryPolicy } from '../../../server/channel/outbox-decision'
import { createOutboxItem, type OutboxItem } from '../../../server/channel/outbox-item'

const HOUR = 3_600_000
const T0 = 1_700_000_000_000
const policy: RetryPolicy = {
  retries: 0,
  retryIntervalMs: 3000,
  // 5 s doubling to 5 minutes, ±20 % (the outbox's default).
  backoff: { baseMs: 5000, maxMs: 300_000, jitter: 0.2 },
  giveUpMs: 24 * HOUR,
  random: () => 0.5,
}

function clocks() {
  const clock = { wall: T0, mono: 0 }
  const elapsed = createElapsedTime({ now: () => clock.wall, monotonic: () => clock.mono })
  return { clock, elapsed }
}

const item = (overrides: Partial<OutboxItem> = {}): OutboxItem => ({
  ...createOutboxItem(
    { visitorId: 'v', clientId: 'message-1', sender: { id: 'v' }, texts: ['a'] },
    T0,
  ),
  ...overrides,
})

describe('createElapsedTime', () => {
  it('counts a watched item with the monotonic clock, whatever the wall clock does', () => {
    const { clock, elapsed } = clocks()
    elapsed.watch('k', item())
    clock.mono += 30_000
    clock.wall += 25 * HOUR
    expect(elapsed.of('k', item())).toBe(30_000)
    clock.wall -= 26 * HOUR
    clock.mono += 1000
    expect(elapsed.of('k', item())).toBe(31_000)
  })

  it('counts an unwatched gap by the wall clock, at most an hour, never negative', () => {
    const { clock, elapsed } = clocks()
    const saved = item({ waitedMs: 10_000, countedAt: T0 })
    clock.wall = T0 + 60_000
    expect(elapsed.of('k', saved)).toBe(70_000)
    clock.wall = T0 + 25 * HOUR
    expect(elapsed.of('k', saved)).toBe(10_000 + MAX_UNWATCHED_GAP_MS)
    clock.wall = T0 - HOUR
    expect(elapsed.of('k', saved)).toBe(10_000)
  })

  it('drops its count when another process saved the item since', () => {
    const { clock, elapsed } = clocks()
    elapsed.watch('k', item())
    clock.mono += 5000
    clock.wall += 5000
    const elsewhere = item({ waitedMs: HOUR, countedAt: T0 + 5000 })
    expect(elapsed.of('k', elsewhere)).toBe(HOUR)
  })

  it('counts items of older versions from their start by the wall clock, as before', () => {
    const { clock, elapsed } = clocks()
    const { waitedMs: _w, countedAt: _c, ...legacy } = item()
    clock.wall = T0 + 2 * HOUR
    expect(elapsed.of('k', legacy)).toBe(2 * HOUR)
  })
})

describe('next with an elapsed count', () => {
  const failed = { kind: 'failed', reason: 'HTTP 503' } as const

  it('gives up on elapsed time only: a wall clock 25 h ahead changes nothing', () => {
    const after = next(item(), failed, T0 + 25 * HOUR, policy, 60_000)
    expect(after).toMatchObject({ state: 'delayed', waitedMs: 60_000, countedAt: T0 + 25 * HOUR })
    expect(next(item(), failed, T0, policy, 24 * HOUR).state).toBe('failed')
  })

  it('sets the last attempt at the end of the elapsed budget', () => {
    const after = next(
      item({ state: 'delayed', attempts: 30 }),
      failed,
      T0,
      policy,
      24 * HOUR - 1000,
    )
    expect(after.nextAttemptAt).toBe(T0 + 1000)
  })
})

describe('isDue across a clock step back', () => {
  it('is due now when its time lies further ahead than any wait the policy sets', () => {
    const maxWait = maxWaitOf(policy)
    expect(maxWait).toBe(360_000)
    expect(isDue(item({ nextAttemptAt: T0 + maxWait }), T0, maxWait)).toBe(false)
    expect(isDue(item({ nextAttemptAt: T0 + 25 * HOUR }), T0, maxWait)).toBe(true)
  })
})
