import type { ConversationEntry } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import type { Store } from '../store/types'
import type { ChannelClient } from './channel-client'
import { OUTBOX_PREFIX, OutboxItem, outboxKey } from './outbox-item'

export type OutboxOptions = {
  store: Store
  client: ChannelClient
  logger: Logger
  now: () => number
  /** Pause between attempts after a 5xx or connection error (the service asks for 3–60 s). */
  retryIntervalMs: number
  /** Resends after the first attempt. */
  retries: number
  upstreamTimeoutMs: number
  /** How long finished items are kept to answer a repeated POST. */
  keepMs: number
}

export type SubmitResult = { item: OutboxItem; entries: ConversationEntry[] }

export type Outbox = {
  /**
   * Stores the message, writes its entries to the visitor's log and makes the first
   * attempt; 5xx/connection failures are retried on a timer. A repeated clientId is
   * forwarded once: its current state is returned (a `failed` one is tried again).
   */
  submit(item: OutboxItem): Promise<SubmitResult>
  /** Start-up: schedules every stored pending item again. Returns how many. */
  resume(): Promise<number>
  /** Stops the timers (graceful shutdown); pending items stay stored for resume(). */
  stop(): void
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { store, client, logger, now } = options
  const timers = new Map<string, NodeJS.Timeout>()
  let stopped = false

  async function read(key: string): Promise<OutboxItem | undefined> {
    const parsed = OutboxItem.safeParse(await store.getRecord(key))
    return parsed.success ? parsed.data : undefined
  }

  function save(item: OutboxItem): Promise<void> {
    return store.setRecord(outboxKey(item.visitorId, item.clientId), item, options.keepMs)
  }

  async function appendEntries(item: OutboxItem): Promise<ConversationEntry[]> {
    const entries: ConversationEntry[] = []
    for (const [n, part] of item.parts.entries()) {
      const { entry } = await store.append(
        item.visitorId,
        {
          author: 'visitor',
          clientId: part.clientId,
          content: { type: 'text', text: part.text },
          at: item.createdAt,
        },
        { dedupeKey: `a2:${item.visitorId}:${item.clientId}:${n}` },
      )
      entries.push(entry)
    }
    return entries
  }

  function lockTtl(item: OutboxItem): number {
    return (item.parts.length - item.sent) * (options.upstreamTimeoutMs + 1000) + 5000
  }

  function schedule(item: OutboxItem): void {
    const key = outboxKey(item.visitorId, item.clientId)
    if (stopped || timers.has(key)) return
    const timer = setTimeout(
      () => {
        timers.delete(key)
        void retry(key)
      },
      Math.max(0, item.nextAttemptAt - now()),
    )
    timer.unref()
    timers.set(key, timer)
  }

  function announce(item: OutboxItem): Promise<void> {
    const state = item.state === 'rejected' ? 'failed' : item.state
    const data = { clientId: item.clientId, state, ...(item.error ? { error: item.error } : {}) }
    return store.publish(item.visitorId, { event: 'delivery', data })
  }

  /** Forwards the remaining parts in order; saves progress after each one. */
  async function attempt(item: OutboxItem): Promise<OutboxItem> {
    let current = item
    while (current.sent < current.parts.length) {
      const part = current.parts[current.sent]
      if (!part) break
      const outcome = await client.send({
        sender: current.sender,
        message: { type: 'text', id: part.clientId, text: part.text },
      })
      if (outcome.kind === 'accepted') {
        current = { ...current, sent: current.sent + 1, attempts: 0, error: undefined }
        if (current.sent === current.parts.length) current = { ...current, state: 'sent' }
        await save(current)
        continue
      }
      if (outcome.kind === 'rejected') {
        logger.warn('the service rejected a customer message', {
          status: outcome.status,
          reason: outcome.message,
        })
        current = {
          ...current,
          state: 'rejected',
          error: outcome.message,
          rejectedStatus: outcome.status,
        }
        await save(current)
        return current
      }
      const attempts = current.attempts + 1
      const failed = attempts > options.retries
      logger.warn('customer message not accepted by the service', {
        reason: outcome.reason,
        attempts,
        willRetry: !failed,
      })
      current = {
        ...current,
        attempts,
        state: failed ? 'failed' : 'pending',
        error: failed
          ? `delivery failed after ${attempts} attempts: ${outcome.reason}`
          : 'delivery is temporarily failing; retrying',
        nextAttemptAt: now() + options.retryIntervalMs,
      }
      await save(current)
      if (!failed) schedule(current)
      return current
    }
    return current
  }

  async function retry(key: string): Promise<void> {
    const lock = `lock:${key}`
    try {
      const before = await read(key)
      if (before?.state !== 'pending' || stopped) return
      if (!(await store.claim(lock, lockTtl(before)))) {
        // Held by a concurrent request, or left by a crashed process until its ttl ends.
        schedule({ ...before, nextAttemptAt: now() + options.retryIntervalMs })
        return
      }
      try {
        // Re-read under the lock: another instance may have finished it meanwhile.
        const item = await read(key)
        if (item?.state !== 'pending') return
        await appendEntries(item)
        const after = await attempt(item)
        if (after.state !== 'pending') await announce(after)
      } finally {
        await store.release(lock)
      }
    } catch (error) {
      logger.error('outbox retry failed', { error })
      const item = await read(key).catch(() => undefined)
      if (item?.state === 'pending')
        schedule({ ...item, nextAttemptAt: now() + options.retryIntervalMs })
    }
  }

  return {
    async submit(fresh) {
      const key = outboxKey(fresh.visitorId, fresh.clientId)
      const lock = `lock:${key}`
      if (!(await store.claim(lock, lockTtl(fresh)))) {
        // The same message is being forwarded by a concurrent request right now.
        const item = (await read(key)) ?? fresh
        return {
          item: { ...item, state: item.state === 'sent' ? 'sent' : 'pending' },
          entries: await appendEntries(item),
        }
      }
      try {
        const existing = await read(key)
        if (existing && existing.state !== 'failed') {
          return { item: existing, entries: await appendEntries(existing) }
        }
        // New, or a repeat of one that failed for good: (re)start its attempts.
        const item: OutboxItem = existing
          ? { ...existing, state: 'pending', attempts: 0, error: undefined, nextAttemptAt: now() }
          : fresh
        await save(item)
        try {
          const entries = await appendEntries(item)
          const after = await attempt(item)
          if (after.state !== 'sent') await announce(after)
          return { item: after, entries }
        } catch (error) {
          // The item is stored: keep trying it here rather than only after a restart.
          schedule({ ...item, nextAttemptAt: now() + options.retryIntervalMs })
          throw error
        }
      } finally {
        await store.release(lock)
      }
    },
    async resume() {
      let count = 0
      for (const key of await store.listRecords(OUTBOX_PREFIX)) {
        const item = await read(key)
        if (item?.state !== 'pending') continue
        // A crash between storing the item and logging its entries is repaired here.
        await appendEntries(item)
        schedule(item)
        count += 1
      }
      if (count > 0) logger.info('resumed pending customer messages', { count })
      return count
    },
    stop() {
      stopped = true
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
