import { z } from 'zod'
import { StoreError } from '../errors'
import { aliasKey } from '../keys'
import type { AppendOptions, AppendResult, NewEntry, Retention } from '../types'
import type { RedisClient } from './connection'
import type { RedisKeys } from './keys'
import type { createRedisClock } from './redis-clock'
import { APPEND_SCRIPT, runScript } from './scripts'
import { decodeIdAndEntry, encodeEntry, StoredEntry } from './wire'

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000
const AppendReply = z.tuple([z.number(), z.string(), z.string()])

export type RedisAppendOptions = {
  main: RedisClient
  keys: RedisKeys
  clock: ReturnType<typeof createRedisClock>
  commandTimeoutMs: number
  /** The retention in force (the store's option, then the one prune() was last given). */
  retention: () => Retention | undefined
  dedupeTtlMs: number | undefined
}

/**
 * The redis: store's append: one Lua script that de-duplicates, resolves an alias,
 * XADDs with the retention's caps and PUBLISHes, and writes nothing when it reaches
 * Redis after the command's deadline.
 */
export function createRedisAppend(options: RedisAppendOptions) {
  const { main, keys, clock, commandTimeoutMs } = options
  // The append script builds a visitor's log and channel keys itself (it resolves aliases).
  const logPrefix = keys.log('')
  const channelPrefix = keys.channel('')

  return async function append(
    visitorId: string,
    entry: NewEntry,
    opts: AppendOptions = {},
  ): Promise<AppendResult> {
    const valid = StoredEntry.safeParse(entry)
    if (!valid.success) {
      throw new StoreError(`append: not a conversation entry: ${valid.error.issues[0]?.message}`)
    }
    const retention = options.retention()
    const json = encodeEntry(valid.data)
    const scriptKeys = [keys.visitors]
    if (opts.dedupeKey !== undefined) scriptKeys.push(keys.dedupe(opts.dedupeKey))
    const reply = AppendReply.parse(
      await runScript(main, APPEND_SCRIPT, scriptKeys, [
        json,
        String(valid.data.at),
        visitorId,
        String(wholeOrZero(retention?.maxEntries)),
        String(wholeOrZero(retention?.maxAgeMs)),
        String(Math.ceil(options.dedupeTtlMs ?? retention?.maxAgeMs ?? THIRTY_DAYS_MS)),
        logPrefix,
        channelPrefix,
        opts.followAlias ? keys.record(aliasKey(visitorId)) : '',
        clock.deadline(commandTimeoutMs),
      ]),
    )
    const [duplicate, value, target] = reply
    if (duplicate === 2) {
      void clock.sync()
      throw new StoreError(
        `redis: append reached Redis after ${commandTimeoutMs} ms (REDIS_TIMEOUT_MS) and wrote nothing; check that Redis at ${target} is responsive`,
      )
    }
    if (duplicate === 1) {
      return { entry: decodeIdAndEntry(value), duplicate: true, visitorId: target }
    }
    return { entry: { ...valid.data, id: value }, duplicate: false, visitorId: target }
  }
}

function wholeOrZero(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.ceil(value) : 0
}
