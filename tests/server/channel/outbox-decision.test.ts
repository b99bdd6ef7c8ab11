import { describe, expect, it } from 'vitest'
import type { SendOutcome } from '../../../server/channel/channel-client'
import {
  begin,
  deadlineOf,
  describeDuration,
  isDue,
  next,
  type RetryPolicy,
  restart,
} from '../../../server/channel/outbox-decision'
import {
  createOutboxItem,
  deliveryState,
  isActive,
  type OutboxItem,
} from '../../../server/channel/outbox-item'
import { DEFAULT_BACKOFF } from '../../../shared/backoff'

const HOUR = 3_600_000
const T0 = 1_700_000_000_000

const policy: RetryPolicy = {
  retries: 3,
  retryIntervalMs: 3000,
  backoff: DEFAULT_BACKOFF,
  giveUpMs: 24 * HOUR,
  random: () => 0.5,
}

const failed: SendOutcome = { kind: 'failed', reason: 'connection failed (ECONNREFUSED)' }
const accepted: SendOutcome = { kind: 'accepted' }

function item(texts = ['Hello'], overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    ...createOutboxItem(
      { visitorId: 'v1', clientId: 'message-1', sender: { id: 'v1' }, texts },
      T0,
    ),
    ...overrides,
  }
}

/** Fails the item's attempts until it is final or `until`, returning each step's item. */
function failUntil(start: OutboxItem, until: number): OutboxItem[] {
  const steps: OutboxItem[] = []
  let current = start
  let now = start.nextAttemptAt
  while (isActive(current) && now <= until) {
    current = next(begin(current, now, 'me'), failed, now, policy)
    steps.push(current)
    now = current.nextAttemptAt
  }
  return steps
}

describe('next: the delivery decision', () => {
  it('marks a one-part message sent when the service accepts it, clearing the in-flight record', () => {
    const after = next(begin(item(), T0, 'me'), accepted, T0 + 40, policy)
    expect(after).toMatchObject({ state: 'sent', sent: 1, attempts: 0 })
    expect(after.inFlight).toBeUndefined()
    expect(after.error).toBeUndefined()
  })

  it('keeps a multi-part message in its state with the next part due at once', () => {
    const delayed = item(['a', 'b', 'c'], { state: 'delayed', attempts: 5, error: 'x' })
    const after = next(begin(delayed, T0, 'me'), accepted, T0 + 10, policy)
    expect(after).toMatchObject({ state: 'delayed', sent: 1, attempts: 0, nextAttemptAt: T0 + 10 })
    expect(after.error).toBeUndefined()
    const last = next(begin({ ...after, sent: 2 }, T0, 'me'), accepted, T0 + 20, policy)
    expect(last.state).toBe('sent')
  })

  it('turns a 4xx into `rejected` with the service’s text, seen by the widget as failed', () => {
    const after = next(
      begin(item(), T0, 'me'),
      { kind: 'rejected', status: 400, message: 'sender.id is empty' },
      T0,
      policy,
    )
    expect(after).toMatchObject({
      state: 'rejected',
      error: 'sender.id is empty',
      rejectedStatus: 400,
    })
    expect(isActive(after)).toBe(false)
    expect(deliveryState(after)).toBe('failed')
  })

  it('makes the spec’s fast retries 3 s apart while `pending`, then backs off as `delayed`', () => {
    const steps = failUntil(item(), T0 + 10 * 60_000)
    const schedule = steps.map((s) => [s.state, s.nextAttemptAt - T0])
    expect(schedule.slice(0, 8)).toEqual([
      ['pending', 3000],
      ['pending', 6000],
      ['pending', 9000],
      ['delayed', 14_000],
      ['delayed', 24_000],
      ['delayed', 44_000],
      ['delayed', 84_000],
      ['delayed', 164_000],
    ])
    expect(steps.every((s) => s.inFlight === undefined)).toBe(true)
    expect(steps[3]?.error).toMatch(/retrying until 2023-11-15T22:13:20.000Z/)
  })

  it('keeps a delayed item delayed after a part got through and the next one fails', () => {
    const delayed = item(['a', 'b'], { state: 'delayed', sent: 1, attempts: 0 })
    const after = next(begin(delayed, T0, 'me'), failed, T0, policy)
    expect(after).toMatchObject({ state: 'delayed', attempts: 1, nextAttemptAt: T0 + 5000 })
  })

  it('retries for 24 hours, the last attempt at the deadline, then fails with a clear error', () => {
    const steps = failUntil(item(), T0 + 25 * HOUR)
    const last = steps.at(-1)
    const beforeLast = steps.at(-2)
    expect(beforeLast).toMatchObject({ state: 'delayed', nextAttemptAt: T0 + 24 * HOUR })
    expect(last).toMatchObject({ state: 'failed' })
    expect(last?.error).toMatch(
      /^not delivered: the chat service did not accept it within 24 hours \(last error: connection failed \(ECONNREFUSED\)\)\. Send it again to retry\.$/,
    )
    // Capped at 5 minutes (±20 %): about 290 attempts in a day, never more than one per 4 minutes late on.
    expect(steps.length).toBeGreaterThan(280)
    expect(steps.length).toBeLessThan(300)
  })

  it('gives up at the first failure after the deadline (e.g. the process was down past it)', () => {
    const old = item(['a'], { state: 'delayed', attempts: 40, nextAttemptAt: T0 + HOUR })
    const after = next(begin(old, T0 + 30 * HOUR, 'me'), failed, T0 + 30 * HOUR, policy)
    expect(after.state).toBe('failed')
  })

  it('counts the deadline from createdAt for items stored before startedAt existed', () => {
    const { startedAt: _startedAt, ...legacy } = item()
    expect(deadlineOf(legacy, policy.giveUpMs)).toBe(T0 + 24 * HOUR)
  })

  it('spreads the backoff with the policy’s jitter', () => {
    const base = item(['a'], { state: 'delayed', attempts: 4 })
    const low = next(base, failed, T0, { ...policy, random: () => 0 })
    const high = next(base, failed, T0, { ...policy, random: () => 0.999_999 })
    expect(low.nextAttemptAt - T0).toBe(8000)
    expect(high.nextAttemptAt - T0).toBe(12_000)
  })
})

describe('begin, restart, isDue', () => {
  it('records the part in flight with its owner and time', () => {
    const begun = begin(item(['a', 'b'], { sent: 1 }), T0 + 5, 'inst-1')
    expect(begun.inFlight).toEqual({ part: 1, since: T0 + 5, owner: 'inst-1' })
  })

  it('restarts a failed item: a new round, due now, a new deadline', () => {
    const dead = item(['a'], { state: 'failed', attempts: 290, error: 'gave up' })
    const again = restart(dead, T0 + 30 * HOUR)
    expect(again).toMatchObject({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: T0 + 30 * HOUR,
      startedAt: T0 + 30 * HOUR,
    })
    expect(again.error).toBeUndefined()
    expect(deadlineOf(again, policy.giveUpMs)).toBe(T0 + 54 * HOUR)
  })

  it('is due at and after nextAttemptAt', () => {
    const waiting = item(['a'], { nextAttemptAt: T0 + 1000 })
    expect(isDue(waiting, T0 + 999)).toBe(false)
    expect(isDue(waiting, T0 + 1000)).toBe(true)
  })
})

describe('describeDuration', () => {
  it('names the largest whole unit', () => {
    expect(describeDuration(24 * HOUR)).toBe('24 hours')
    expect(describeDuration(HOUR)).toBe('1 hour')
    expect(describeDuration(90 * 60_000)).toBe('90 minutes')
    expect(describeDuration(30_000)).toBe('30 seconds')
    expect(describeDuration(1500)).toBe('1500 ms')
  })
})
