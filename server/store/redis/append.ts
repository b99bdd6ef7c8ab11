import { StoreError, visitorErasedError } from '../errors'
import { type BatchOutcome, createGroupCommit } from '../group-commit'
import { aliasKey, profileKey, visitorErasedKey } from '../keys'
import type { AppendOptions, AppendResult, NewEntry, Retention } from '../types'
import type { RedisClient } from './connection'
import type { RedisKeys } from './keys'
import type { OwnMessages } from './own-messages'
import type { createRedisClock } from './redis-clock'
import { APPEND_SCRIPT, APPEND_SCRIPT_ITEMS, runScript } from './scripts'
import { decodeIdAndEntry, encodeEntry, StoredEntry } from './wire'

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000

export type RedisAppendOptions = {
  main: RedisClient
  keys: RedisKeys
  clock: ReturnType<typeof createRedisClock>
  commandTimeoutMs: number
  /** The retention in force (the store's option, then the one prune() was last given). */
  retention: () => Retention | undefined
  dedupeTtlMs: number | undefined
  /** Where new entries for a visitor this instance listens to go, so their pub/sub copies are known. */
  own?: { messages: OwnMessages; listening(visitorId: string): boolean }
}

type Item = {
  entry: StoredEntry
  json: string
  visitorId: string
  dedupeKey: string | undefined
  followAlias: boolean
  refuseErased: boolean
  /** Redis's time after which this caller no longer waits ('' while unknown). */
  deadline: string
}

/**
 * The redis: store's append: the appends of one event-loop turn (and, while a script
 * is on its way, of every turn until its reply) go to Redis as one Lua script that,
 * item by item, de-duplicates, resolves an alias, XADDs with the retention's caps and
 * PUBLISHes, and writes nothing when it reaches Redis after the earliest deadline of
 * its callers.
 */
export function createRedisAppend(options: RedisAppendOptions) {
  const { main, keys, clock, commandTimeoutMs } = options
  // The append script builds a visitor's log and channel keys itself (it resolves aliases).
  const logPrefix = keys.log('')
  const channelPrefix = keys.channel('')

  // An append held (behind a script with no reply) past its deadline was answered 503
  // already: sent along, it would make the script refuse its whole batch, so it is
  // answered alone and the others go.
  function run(items: readonly Item[]): Promise<BatchOutcome<AppendResult>[]> {
    const now = clock.deadline(0)
    const late = (item: Item) =>
      now !== '' && item.deadline !== '' && Number(item.deadline) <= Number(now)
    if (!items.some(late)) return sendAll(items)
    const fresh = items.filter((item) => !late(item))
    const sent = fresh.length > 0 ? sendAll(fresh) : Promise.resolve([])
    return sent.then((outcomes) => {
      let next = 0
      return items.map((item) =>
        late(item)
          ? { ok: false, error: lateError() }
          : (outcomes[next++] ?? { ok: false, error: lateError() }),
      )
    })
  }

  const lateError = () =>
    new StoreError(
      `redis: append waited ${commandTimeoutMs} ms (REDIS_TIMEOUT_MS) for an earlier one and was not sent; check that Redis is responsive`,
    )

  // A burst larger than one script carries goes as several, sent together, in order (the
  // client spreads a script's arguments into one call: tens of thousands overflow the
  // stack, and every append of the burst failed).
  async function sendAll(items: readonly Item[]): Promise<BatchOutcome<AppendResult>[]> {
    if (items.length <= APPEND_SCRIPT_ITEMS) return send(items)
    const parts: Promise<BatchOutcome<AppendResult>[]>[] = []
    for (let first = 0; first < items.length; first += APPEND_SCRIPT_ITEMS)
      parts.push(send(items.slice(first, first + APPEND_SCRIPT_ITEMS)))
    return (await Promise.all(parts)).flat()
  }

  async function send(items: readonly Item[]): Promise<BatchOutcome<AppendResult>[]> {
    const retention = options.retention()
    const scriptKeys = [keys.visitors]
    const deadlines = items.map((item) => item.deadline)
    const args = [
      deadlines.includes('') ? '' : String(Math.min(...deadlines.map(Number))),
      String(wholeOrZero(retention?.maxEntries)),
      String(wholeOrZero(retention?.maxAgeMs)),
      String(Math.ceil(options.dedupeTtlMs ?? retention?.maxAgeMs ?? THIRTY_DAYS_MS)),
      logPrefix,
      channelPrefix,
      keys.record(visitorErasedKey('')),
      keys.record(profileKey('')),
    ]
    for (const item of items) {
      let dedupeIndex = 0
      if (item.dedupeKey !== undefined)
        dedupeIndex = scriptKeys.push(keys.dedupe(item.dedupeKey)) - 1
      args.push(
        item.json,
        String(item.entry.at),
        item.visitorId,
        item.followAlias ? keys.record(aliasKey(item.visitorId)) : '',
        String(dedupeIndex),
        item.refuseErased ? '1' : '',
      )
    }
    const sent = runScript(main, APPEND_SCRIPT, scriptKeys, args)
    const hold = holdNoLongerThan(sent, commandTimeoutMs)
    inFlight = hold
    void hold.then(() => {
      if (inFlight === hold) inFlight = undefined
    })
    const reply = await sent
    if (!Array.isArray(reply)) throw new StoreError('redis: the append script answered no list')
    if (reply[0] === 2) {
      void clock.sync()
      throw new StoreError(
        `redis: append reached Redis after ${commandTimeoutMs} ms (REDIS_TIMEOUT_MS) and wrote nothing; check that Redis is responsive`,
      )
    }
    const outcomes = items.map((item, i) => outcomeOf(item, reply.slice(i * 3, i * 3 + 3)))
    const { own } = options
    if (own)
      outcomes.forEach((outcome, i) => {
        const item = items[i]
        if (!item || !outcome.ok || outcome.value.duplicate) return
        const { entry, visitorId } = outcome.value
        if (own.listening(visitorId)) own.messages.sent(entry.id, item.json, item.entry)
      })
    return outcomes
  }

  // While a script is on its way, appends wait and go together in the next one when its
  // reply comes (as the sqlite store's do during a flush): one script, one write and one
  // reply for many webhooks instead of a pipeline of small ones. A frozen Redis holds
  // them no longer than the command timeout (their callers were answered 503 by then).
  let inFlight: Promise<unknown> | undefined
  const batches = createGroupCommit(run, () => inFlight)

  return function append(
    visitorId: string,
    entry: NewEntry,
    opts: AppendOptions = {},
  ): Promise<AppendResult> {
    const valid = StoredEntry.safeParse(entry)
    if (!valid.success) {
      return Promise.reject(
        new StoreError(`append: not a conversation entry: ${valid.error.issues[0]?.message}`),
      )
    }
    return batches.add({
      entry: valid.data,
      json: encodeEntry(valid.data),
      visitorId,
      dedupeKey: opts.dedupeKey,
      followAlias: opts.followAlias === true,
      refuseErased: opts.refuseErased === true,
      deadline: clock.deadline(commandTimeoutMs),
    })
  }
}

/** One item's three values of the script's reply. */
function outcomeOf(item: Item, [code, value, target]: unknown[]): BatchOutcome<AppendResult> {
  if (code === 3 && typeof target === 'string')
    return { ok: false, error: visitorErasedError(target) }
  if (typeof value !== 'string' || typeof target !== 'string' || (code !== 0 && code !== 1))
    return {
      ok: false,
      error: new StoreError('redis: the append script answered an unknown reply'),
    }
  try {
    if (code === 1)
      return {
        ok: true,
        value: { entry: decodeIdAndEntry(value), duplicate: true, visitorId: target },
      }
    return {
      ok: true,
      value: { entry: { ...item.entry, id: value }, duplicate: false, visitorId: target },
    }
  } catch (error) {
    return { ok: false, error }
  }
}

/** Settles (never rejects) when `work` settles or after `ms`, whichever comes first. */
function holdNoLongerThan(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  return new Promise<void>((resolve) => {
    const done = () => resolve()
    timer = setTimeout(done, ms)
    work.then(done, done)
  }).finally(() => clearTimeout(timer))
}

function wholeOrZero(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.ceil(value) : 0
}
