import type { Logger } from '../logging/logger'
import { outboxSettledKey } from '../store/keys'
import type { Indexes, TransientEvent } from '../store/types'
import type { OutboxItem } from './outbox-item'

/** What a `delivery` stream event carries. */
export type DeliveryNews = Extract<TransientEvent, { event: 'delivery' }>['data']

// A device that stored a message as pending, delayed or failed and was closed (or lost
// its stream) before the `sent` event went out would show it unsent for good: the
// visitor's index of items sent after a wait tells every stream open they were sent.

export type SettledPolicy = {
  /** Members kept per visitor; beyond it the oldest go. */
  cap: number
  /** An item sent within this long of its arrival was unsent on a device only for a moment... */
  promptMs: number
  /** ... and is reported this long; any other for as long as items are kept (keepMs). */
  recentMs: number
  /**
   * One add in this many (per process) also reads the index back to drop what it no
   * longer needs; meanwhile readers skip expired members and keep the newest `cap`.
   */
  pruneEvery: number
}

export const SETTLED_POLICY: SettledPolicy = {
  cap: 500,
  // Below the fast retries' interval (3 s by default, at least 3 s by the service's
  // advice): a retried or delayed message is not prompt.
  promptMs: 2000,
  recentMs: 10 * 60_000,
  // An index of 500 grows by at most about this many before the next prune.
  pruneEvery: 16,
}

/** A member of the index: when the item was sent, until when it is reported, its id. */
export type Settled = { member: string; sentAt: number; until: number; clientId: string }

const DIGITS = 15
const MEMBER = /^(\d{15}):(\d{15}):(.+)$/

/** The member for `clientId`; members sort by the time they were sent. */
export function settledMember(clientId: string, sentAt: number, until: number): string {
  const pad = (at: number) => String(Math.max(0, Math.floor(at))).padStart(DIGITS, '0')
  return `${pad(sentAt)}:${pad(until)}:${clientId}`
}

export function parseSettled(member: string): Settled | undefined {
  const match = MEMBER.exec(member)
  if (!match?.[1] || !match[2] || !match[3]) return undefined
  return { member, sentAt: Number(match[1]), until: Number(match[2]), clientId: match[3] }
}

/** Until when the `sent` of an item sent now is reported: a moment's wait briefly, a longer one as long as items are kept. */
export function reportedUntil(
  item: OutboxItem,
  now: number,
  keepMs: number,
  policy: SettledPolicy = SETTLED_POLICY,
): number {
  const prompt = now - item.createdAt < policy.promptMs
  return now + (prompt ? Math.min(policy.recentMs, keepMs) : keepMs)
}

/**
 * What the index holds at `now`: the members to report (oldest first, each id once, the
 * newest `cap`) and those to remove (expired, unreadable, repeated or beyond the cap).
 */
export function sortSettled(
  members: readonly string[],
  now: number,
  cap: number,
): { live: Settled[]; stale: string[] } {
  const stale: string[] = []
  const newest = new Map<string, Settled>()
  for (const member of members) {
    const settled = parseSettled(member)
    if (!settled || settled.until <= now) {
      stale.push(member)
      continue
    }
    const seen = newest.get(settled.clientId)
    if (seen && seen.sentAt >= settled.sentAt) {
      stale.push(member)
      continue
    }
    if (seen) stale.push(seen.member)
    newest.set(settled.clientId, settled)
  }
  const live = [...newest.values()].sort(
    (a, b) => a.sentAt - b.sentAt || (a.clientId < b.clientId ? -1 : 1),
  )
  const over = Math.max(0, live.length - cap)
  stale.push(...live.slice(0, over).map((settled) => settled.member))
  return { live: live.slice(over), stale }
}

/**
 * Notes that the item is sent, before it is stored so (a crash in between leaves it
 * noted: the service has accepted it). With `prune` (the caller's one add in
 * `pruneEvery`), then drops what the index no longer needs, so it stays near the cap; a
 * failed drop is left for the next one (readers skip it).
 */
export async function noteSettled(
  store: Indexes,
  item: OutboxItem,
  options: {
    now: number
    keepMs: number
    logger: Logger
    policy?: SettledPolicy
    prune?: boolean
  },
): Promise<void> {
  const policy = options.policy ?? SETTLED_POLICY
  const key = outboxSettledKey(item.visitorId)
  const until = reportedUntil(item, options.now, options.keepMs, policy)
  await store.indexAdd(key, settledMember(item.clientId, options.now, until), options.keepMs)
  if (options.prune === false) return
  try {
    const { stale } = sortSettled(await store.indexMembers(key), options.now, policy.cap)
    for (const member of stale) await store.indexRemove(key, member)
  } catch (error) {
    options.logger.debug('outbox: the visitor index of sent items not pruned', { error })
  }
}

/**
 * `sent` for each of the visitor's messages that some device may still show unsent,
 * oldest first: what a stream opening now is told after the unsent ones. One index read.
 */
export async function settledDeliveries(
  store: Indexes,
  visitorId: string,
  now: number,
  cap = SETTLED_POLICY.cap,
): Promise<DeliveryNews[]> {
  const { live } = sortSettled(await store.indexMembers(outboxSettledKey(visitorId)), now, cap)
  return live.map(({ clientId }) => ({ clientId, state: 'sent' }))
}
