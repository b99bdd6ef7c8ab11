import { type Backoff, backoffDelay } from '../../shared/backoff'
import type { SendOutcome } from './channel-client'
import type { OutboxItem } from './outbox-item'

// The pure half of the outbox: what an item becomes after an outcome. The caller
// sends, saves, announces and schedules (server/channel/outbox.ts).

export type RetryPolicy = {
  /** Fast retries after the first attempt (A2_RETRIES), `retryIntervalMs` apart: state `pending`. */
  retries: number
  retryIntervalMs: number
  /** Then `delayed`: retried on this schedule ... */
  backoff: Backoff
  /** ... until the round of attempts has lasted this long, in elapsed time (A2_GIVE_UP_HOURS): then `failed`. */
  giveUpMs: number
  /** [0, 1), for the backoff's jitter. */
  random: () => number
}

/**
 * When the current round of attempts gives up, on the wall clock, as far as the item's
 * count tells (for messages and logs; the decision itself counts elapsed time).
 */
export function deadlineOf(item: OutboxItem, giveUpMs: number): number {
  if (item.waitedMs === undefined) return (item.startedAt ?? item.createdAt) + giveUpMs
  return (item.countedAt ?? item.createdAt) + giveUpMs - item.waitedMs
}

/**
 * The round's elapsed time by the wall clock alone: the item's count plus the time
 * since it was counted (callers with a monotonic count pass their own to next()).
 */
export function wallElapsed(item: OutboxItem, now: number): number {
  if (item.waitedMs === undefined) return Math.max(0, now - (item.startedAt ?? item.createdAt))
  return item.waitedMs + Math.max(0, now - (item.countedAt ?? now))
}

/**
 * Due at and after nextAttemptAt. A time further ahead than `maxWaitMs` (the longest
 * wait a decision sets) was set by a clock that has since stepped back: due now, not
 * hours later.
 */
export function isDue(
  item: OutboxItem,
  now: number,
  maxWaitMs = Number.POSITIVE_INFINITY,
): boolean {
  return item.nextAttemptAt <= now || item.nextAttemptAt - now > maxWaitMs
}

/** The longest wait between two attempts a policy sets (the capped backoff with its jitter). */
export function maxWaitOf(policy: RetryPolicy): number {
  return Math.max(
    policy.retryIntervalMs,
    Math.ceil(policy.backoff.maxMs * (1 + policy.backoff.jitter)),
  )
}

/** The item with its next part recorded as on its way (saved before the request). */
export function begin(item: OutboxItem, now: number, owner: string): OutboxItem {
  return { ...item, inFlight: { part: item.sent, since: now, owner } }
}

/** A repeat of a message that failed for good: a new round of attempts, due now. */
export function restart(item: OutboxItem, now: number): OutboxItem {
  const { error: _error, rejectedStatus: _status, inFlight: _inFlight, ...rest } = item
  return {
    ...rest,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    startedAt: now,
    waitedMs: 0,
    countedAt: now,
  }
}

/** True when the in-flight part is an attachment the service has not refused yet. */
export function canFallBack(item: OutboxItem): boolean {
  const part = item.parts[item.inFlight?.part ?? item.sent]
  return part !== undefined && 'media' in part && part.asText !== true
}

/**
 * The item after the service refused its attachment (a 4xx): the part goes again at
 * once as its text fallback. Not counted as a failed attempt.
 */
export function fallBackToText(item: OutboxItem): OutboxItem {
  const { inFlight: _inFlight, ...rest } = item
  const index = item.inFlight?.part ?? item.sent
  const parts = item.parts.map((part, i) =>
    i === index && 'media' in part ? { ...part, asText: true } : part,
  )
  return { ...rest, parts, nextAttemptAt: item.nextAttemptAt }
}

/**
 * The item after the service's answer to its in-flight part.
 * - accepted: the next part is due now; after the last one the item is `sent`;
 * - rejected (4xx): `rejected`, never resent;
 * - failed (5xx, timeout, connection): `pending` for the fast retries, then `delayed`
 *   on the backoff schedule, the last attempt at the deadline; an attempt that fails
 *   at or after the deadline makes it `failed`.
 */
export function next(
  item: OutboxItem,
  outcome: SendOutcome,
  now: number,
  policy: RetryPolicy,
  /** How long the round has lasted, in elapsed time; default: by the wall clock. */
  elapsedMs: number = wallElapsed(item, now),
): OutboxItem {
  const { inFlight: _inFlight, ...counted } = item
  const rest = { ...counted, waitedMs: elapsedMs, countedAt: now }
  switch (outcome.kind) {
    case 'accepted': {
      const { error: _error, ...settled } = rest
      const sent = item.sent + 1
      return {
        ...settled,
        sent,
        attempts: 0,
        nextAttemptAt: now,
        state: sent >= item.parts.length ? 'sent' : item.state,
      }
    }
    case 'rejected':
      return {
        ...rest,
        state: 'rejected',
        error: outcome.message,
        rejectedStatus: outcome.status,
      }
    case 'failed': {
      const attempts = item.attempts + 1
      const remaining = policy.giveUpMs - elapsedMs
      if (remaining <= 0) {
        return {
          ...rest,
          attempts,
          state: 'failed',
          error: `not delivered: the chat service did not accept it within ${describeDuration(policy.giveUpMs)} (last error: ${outcome.reason}). Send it again to retry.`,
        }
      }
      if (item.state === 'pending' && attempts <= policy.retries) {
        return {
          ...rest,
          attempts,
          state: 'pending',
          error: 'delivery is temporarily failing; retrying',
          nextAttemptAt: now + policy.retryIntervalMs,
        }
      }
      const delay = backoffDelay(
        Math.max(0, attempts - policy.retries - 1),
        policy.backoff,
        policy.random,
      )
      return {
        ...rest,
        attempts,
        state: 'delayed',
        error: `delivery is delayed: the chat service is not answering; retrying until ${new Date(now + remaining).toISOString()}`,
        nextAttemptAt: now + Math.min(delay, remaining),
      }
    }
  }
}

/** "24 hours", "90 minutes", "30 seconds". */
export function describeDuration(ms: number): string {
  const units: [number, string][] = [
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ]
  for (const [size, name] of units) {
    if (ms >= size && ms % size === 0) return `${ms / size} ${name}${ms === size ? '' : 's'}`
  }
  return `${ms} ms`
}
