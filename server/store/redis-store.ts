import { z } from 'zod'
import type { ConversationEntry } from '../../shared/widget-api'
import { createLogger, type Logger } from '../logging/logger'
import { closedStoreError, isStoreError, notAnEntryId, StoreError } from './errors'
import { parseRecord } from './parse-record'
import { createRedisAgedRecords } from './redis/aged-records'
import { createRedisAppend } from './redis/append'
import { connectRedis, whenReady } from './redis/connection'
import { createRedisConsents } from './redis/consents'
import { CommandTimeoutError, startedWithin, withDeadline } from './redis/deadline'
import { eraseRedisVisitor } from './redis/erase'
import { createRedisFanOut } from './redis/fan-out'
import { redisKeys } from './redis/keys'
import { createOwnMessages } from './redis/own-messages'
import { createRedisRecords } from './redis/records'
import { createRedisClock } from './redis/redis-clock'
import { NEWEST_ENTRIES_SCRIPT, PRUNE_SCRIPT, runScript } from './redis/scripts'
import { compareStreamIds, isLastStreamId, isStreamId } from './redis/stream-id'
import { decodeEntry, encodeTransient } from './redis/wire'
import type { Retention, Store } from './types'

export type RedisStoreOptions = {
  /** Prefix of every key and channel, so several deployments can share one Redis. */
  prefix?: string
  /**
   * Retention applied on every append (XADD MAXLEN ~ and an idle-log expiry) from the
   * start; otherwise the one last given to prune() is.
   */
  retention?: Retention
  /** How long an append's dedupe key is remembered; default retention's max age, else 30 days. */
  dedupeTtlMs?: number
  /** Longest wait between reconnection attempts; default 2000 ms. */
  maxReconnectDelayMs?: number
  /**
   * Longest wait for a command (REDIS_TIMEOUT_MS); default 3000 ms. Past it the
   * operation fails with a StoreError (webhooks answer 503, so the service retries) and
   * an append that reaches Redis later writes nothing.
   */
  commandTimeoutMs?: number
  /** Where connection losses and unreadable data are logged (warn); default: JSON lines on stderr. */
  logger?: Logger
  /** Connection losses and unreadable data; default: a warning through `logger`. */
  onError?: (error: unknown) => void
  /** Clock for prune()'s cutoff, compared with entries' `at`. */
  now?: () => number
}

const PruneReply = z.tuple([z.number(), z.number(), z.number()])
const NewestReply = z.array(z.union([z.tuple([]), z.tuple([z.string(), z.string()])]))

/**
 * The redis: store, for several Porthole instances behind one load balancer. Logs are
 * Redis Streams (the stream entry id is the SSE event id), appends are one Lua script
 * (dedupe + XADD + PUBLISH), and each instance subscribes to the channels of the
 * visitors it streams to. Needs Redis >= 6.2 (a single primary; not Redis Cluster).
 *
 * @example const store = await createRedisStore('redis://127.0.0.1:6379')
 */
export async function createRedisStore(
  url: string,
  options: RedisStoreOptions = {},
): Promise<Store> {
  const onError = options.onError ?? warnThrough(options.logger ?? stderrLogger())
  const now = options.now ?? Date.now
  const keys = redisKeys(options.prefix ?? 'porthole:')
  const commandTimeoutMs = options.commandTimeoutMs ?? 3000
  const { main, subscriber, target } = await connectRedis({
    url,
    maxReconnectDelayMs: options.maxReconnectDelayMs ?? 2000,
    onError,
  })
  const clock = createRedisClock(main, commandTimeoutMs, onError)
  await clock.sync()
  let retention = options.retention
  let closed = false

  // Applies (or with `dry`, counts) retention log by log. Under a cap the logs go one at
  // a time, each given what is left of it; without one, a batch's logs go together.
  async function walkLogs(next: Retention, dry: boolean) {
    const cutoff = Number.isFinite(next.maxAgeMs) ? now() - next.maxAgeMs : -1e300
    const maxEntries = Number.isFinite(next.maxEntries) ? next.maxEntries : 2 ** 53
    const capped = !dry && next.maxDrop !== undefined
    let budget = next.maxDrop ?? -1
    let dropped = 0
    let total = 0
    let newestAt: number | undefined
    const run = (visitorId: string, cap: number) =>
      runScript(
        main,
        PRUNE_SCRIPT,
        [keys.log(visitorId), keys.visitors],
        [String(cutoff), String(maxEntries), visitorId, String(cap), dry ? '1' : '0'],
      ).then((reply) => PruneReply.parse(reply))
    const add = ([count, length, newest]: [number, number, number]) => {
      dropped += count
      total += length
      if (newest >= 0) newestAt = Math.max(newestAt ?? newest, newest)
    }
    for await (const batch of main.sScanIterator(keys.visitors, { COUNT: 500 })) {
      if (!capped) {
        for (const reply of await Promise.all(batch.map((visitorId) => run(visitorId, -1))))
          add(reply)
        continue
      }
      for (const visitorId of batch) {
        if (budget <= 0) break
        const reply = await run(visitorId, budget)
        budget -= reply[0]
        add(reply)
      }
    }
    return { dropped, total, newestAt }
  }

  async function command<T>(what: string, run: () => Promise<T>): Promise<T> {
    if (closed) throw closedStoreError('redis')
    try {
      return await withDeadline(run(), commandTimeoutMs)
    } catch (error) {
      if (error instanceof StoreError) throw error
      const message = error instanceof Error ? error.message : String(error)
      if (error instanceof CommandTimeoutError)
        throw new StoreError(
          `redis: ${what} got no reply within ${commandTimeoutMs} ms (REDIS_TIMEOUT_MS); check that Redis at ${target} is responsive`,
          { cause: error },
        )
      throw new StoreError(
        `redis: ${what} failed (${message}); check that Redis at ${target} is reachable`,
        { cause: error },
      )
    }
  }

  async function readRange(visitorId: string, start: string, limit: number) {
    const rows = await main.xRange(keys.log(visitorId), start, '+', { COUNT: limit })
    return rows.map((row) => decodeEntry(row.id, row.message.e))
  }

  const own = createOwnMessages()
  const fanOut = createRedisFanOut({
    subscriber,
    keys,
    onError,
    known: (message) => own.take(message),
    newestId: async (visitorId) => {
      const rows = await main.xRevRange(keys.log(visitorId), '+', '-', { COUNT: 1 })
      return rows[0]?.id ?? '0-0'
    },
    readAfter: (visitorId, afterId, limit) => readRange(visitorId, `(${afterId}`, limit),
  })

  /** What a read returns, once this instance's subscription has delivered it all (see reached). */
  async function reached(
    visitorId: string,
    entries: ConversationEntry[],
  ): Promise<ConversationEntry[]> {
    const newest = entries.at(-1)
    if (newest) await fanOut.reached(visitorId, newest.id)
    return entries
  }

  // After the subscriber comes back (resubscribed), deliver what it missed meanwhile.
  let subscriberLost = false
  subscriber.on('reconnecting', () => {
    subscriberLost = true
    fanOut.suspend()
  })
  subscriber.on('ready', () => {
    if (!subscriberLost) return
    subscriberLost = false
    // Caught up even if the commands connection stays away: held events must flow again.
    whenReady(main, 60_000)
      .catch(onError)
      .then(() => fanOut.catchUp())
      .catch(onError)
  })

  const records = createRedisRecords(main, keys)
  const consents = createRedisConsents(main, keys, now)
  const aged = createRedisAgedRecords(main, keys, now)
  const append = createRedisAppend({
    main,
    keys,
    clock,
    commandTimeoutMs,
    retention: () => retention,
    dedupeTtlMs: options.dedupeTtlMs,
    own: { messages: own, listening: (visitorId) => fanOut.listening(visitorId) },
  })

  return {
    kind: 'redis',
    sharedCounters: { client: main, prefix: keys.rateLimits, timeoutMs: commandTimeoutMs },
    redisHelp: { client: main, prefix: keys.help },
    append: (visitorId, entry, opts) => command('append', () => append(visitorId, entry, opts)),
    readAfter(visitorId, afterId, limit) {
      return command('readAfter', async (): Promise<ConversationEntry[]> => {
        if (afterId !== undefined && !isStreamId(afterId)) throw notAnEntryId('readAfter', afterId)
        // A stream opened just before must be live first, or an entry appended between
        // this read and the SUBSCRIBE would reach neither.
        await startedWithin(fanOut.ready(visitorId), commandTimeoutMs, 'the pub/sub subscription')
        if (limit <= 0 || (afterId !== undefined && isLastStreamId(afterId))) return []
        return reached(
          visitorId,
          await readRange(visitorId, afterId === undefined ? '-' : `(${afterId}`, limit),
        )
      })
    },
    readBefore(visitorId, beforeId, limit) {
      return command('readBefore', async (): Promise<ConversationEntry[]> => {
        if (beforeId !== undefined && !isStreamId(beforeId))
          throw notAnEntryId('readBefore', beforeId)
        // The newest page starts a stream, too: as in readAfter, it must be live first.
        await startedWithin(fanOut.ready(visitorId), commandTimeoutMs, 'the pub/sub subscription')
        // Nothing comes before 0-0 (and "(0-0" is not a range Redis accepts).
        if (limit <= 0 || beforeId === '0-0') return []
        const end = beforeId === undefined ? '+' : `(${beforeId}`
        const rows = await main.xRevRange(keys.log(visitorId), end, '-', { COUNT: limit })
        return reached(
          visitorId,
          rows.reverse().map((row) => decodeEntry(row.id, row.message.e)),
        )
      })
    },
    newestEntries(visitorIds) {
      return command('newestEntries', async () => {
        if (visitorIds.length === 0) return []
        const reply = NewestReply.parse(
          await runScript(main, NEWEST_ENTRIES_SCRIPT, visitorIds.map(keys.log), []),
        )
        return reply.map((row) => (row.length === 2 ? decodeEntry(row[0], row[1]) : undefined))
      })
    },
    isValidId: isStreamId,
    compareIds: compareStreamIds,
    publish(visitorId, event) {
      return command('publish', async () => {
        await main.publish(keys.channel(visitorId), encodeTransient(event))
      })
    },
    subscribe(visitorId, listener) {
      if (closed) throw closedStoreError('redis')
      return fanOut.subscribe(visitorId, listener)
    },
    claim: (key, ttlMs) => command('claim', () => records.claim(key, ttlMs)),
    extendClaim: (key, ttlMs) => command('extendClaim', () => records.extendClaim(key, ttlMs)),
    release: (key) => command('release', () => records.release(key)),
    getRecord: async (key, schema, onMismatch) =>
      parseRecord(await command('getRecord', () => records.get(key)), schema, onMismatch),
    setRecord: (key, value, ttlMs) => command('setRecord', () => records.set(key, value, ttlMs)),
    deleteRecord: (key) => command('deleteRecord', () => records.delete(key)),
    listRecords: (prefix) => command('listRecords', () => records.list(prefix)),
    indexAdd: (key, member, ttlMs) =>
      command('indexAdd', () => records.indexAdd(key, member, ttlMs)),
    indexRemove: (key, member) => command('indexRemove', () => records.indexRemove(key, member)),
    indexMembers: (key) => command('indexMembers', () => records.indexMembers(key)),
    eraseVisitor: (visitorId, erased) =>
      command('eraseVisitor', () => eraseRedisVisitor(main, keys, visitorId, erased)),
    recordConsent: (visitorId, consent) =>
      command('recordConsent', () => consents.record(visitorId, consent)),
    listConsents: (visitorId) => command('listConsents', () => consents.list(visitorId)),
    eraseConsents: (visitorId) => command('eraseConsents', () => consents.erase(visitorId)),
    pruneConsents: (next) => command('pruneConsents', () => consents.prune(next)),
    consentStats: (next) => command('consentStats', () => consents.stats(next)),
    setAgedRecord: (key, value, kind, at) =>
      command('setAgedRecord', () => aged.set(key, value, kind, at)),
    pruneAgedRecords: (kind, next) => command('pruneAgedRecords', () => aged.prune(kind, next)),
    agedRecordStats: (kind, next) => command('agedRecordStats', () => aged.stats(kind, next)),
    adoptAgedRecords: (kind, prefixes, lifetimeMs) =>
      command('adoptAgedRecords', async () => {
        const names = (await Promise.all(prefixes.map((prefix) => records.list(prefix)))).flat()
        return aged.adopt(kind, names, lifetimeMs)
      }),
    prune(next) {
      return command('prune', async () => {
        retention = next
        const { dropped } = await walkLogs(next, false)
        await records.sweep()
        return dropped
      })
    },
    retentionStats(next) {
      return command('retentionStats', async () => {
        const { dropped, total, newestAt } = await walkLogs(next, true)
        return { total, expired: dropped, newestAt }
      })
    },
    ping() {
      return command('ping', async () => {
        await main.ping()
      })
    },
    async close() {
      if (closed) return
      closed = true
      clock.stop()
      fanOut.clear()
      for (const client of [subscriber, main]) {
        if (!client.isOpen) continue
        // close() lets queued commands finish; a client that is away has nothing to flush.
        if (client.isReady) await client.close()
        else client.destroy()
      }
    },
  }
}

function stderrLogger(): Logger {
  return createLogger({ level: 'warn', write: (line) => process.stderr.write(`${line}\n`) })
}

function warnThrough(logger: Logger): (error: unknown) => void {
  const log = logger.child({ store: 'redis' })
  return (error) => {
    // The store's own errors say all in their message; anything else keeps its stack.
    if (isStoreError(error)) log.warn(error.message, { code: error.code })
    else if (error instanceof Error) log.warn(error.message, { error })
    else log.warn(String(error))
  }
}
