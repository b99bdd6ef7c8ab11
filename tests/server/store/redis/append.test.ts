import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { expect, it, vi } from 'vitest'
import { describeRedis, useRedisServer } from '../../../../kit/redis-server'
import { isVisitorErased, StoreError } from '../../../../server/store/errors'
import { visitorErasedKey } from '../../../../server/store/keys'
import { createRedisAppend } from '../../../../server/store/redis/append'
import type { RedisClient } from '../../../../server/store/redis/connection'
import { redisKeys } from '../../../../server/store/redis/keys'
import type { createRedisClock } from '../../../../server/store/redis/redis-clock'
import { APPEND_SCRIPT_ITEMS } from '../../../../server/store/redis/scripts'
import { REAL_WORK } from '../../../support/timeouts'
import { createEntry, createVisitorId } from '../../support/conformance'

type Clock = ReturnType<typeof createRedisClock>
const noDeadline = { deadline: () => '', sync: async () => {}, stop() {} } as unknown as Clock

const said = (text: string) => createEntry({ content: { type: 'text', text } })

/** The next turn of the event loop (after the group commit's setImmediate has run). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

describeRedis('redis append batches', () => {
  const redis = useRedisServer()

  /**
   * An append over a client whose scripts are counted (the items of each: its
   * arguments past the eight fixed ones, six per item) and held while `held` is set.
   */
  async function openAppend(
    options: { fail?: () => boolean; timeoutMs?: number; clock?: Clock } = {},
  ) {
    const client = createClient({ url: redis.server.url })
    await client.connect()
    redis.closeAfterTest({ close: () => client.quit() })
    const scripts: number[] = []
    let gate: Promise<void> | undefined
    let open = () => {}
    const counted = {
      evalSha: async (sha: string, opts: { keys: string[]; arguments: string[] }) => {
        scripts.push((opts.arguments.length - 8) / 6)
        await gate
        if (options.fail?.()) throw new Error('connection reset')
        return client.evalSha(sha, opts)
      },
      eval: (script: string, opts: { keys: string[]; arguments: string[] }) =>
        client.eval(script, opts),
    }
    const keys = redisKeys(`t:${nanoid()}:`)
    const append = createRedisAppend({
      main: counted as unknown as RedisClient,
      keys,
      clock: options.clock ?? noDeadline,
      commandTimeoutMs: options.timeoutMs ?? 60_000,
      retention: () => undefined,
      dedupeTtlMs: undefined,
    })
    return {
      append,
      client,
      keys,
      scripts,
      hold() {
        gate = new Promise((resolve) => {
          open = resolve
        })
      },
      release() {
        gate = undefined
        open()
      },
    }
  }

  it('sends the appends that arrive while a script is on its way together, in one script', async () => {
    const { append, scripts, hold, release } = await openAppend()
    hold()
    const visitor = createVisitorId()
    const first = append(visitor, said('first'))
    await nextTurn()
    expect(scripts).toEqual([1])
    // Three webhooks in three later turns, all while the first script has no reply.
    const later = []
    for (const text of ['second', 'third', 'fourth']) {
      later.push(append(visitor, said(text)))
      await nextTurn()
    }
    expect(scripts).toEqual([1])
    release()
    const results = await Promise.all([first, ...later])
    expect(scripts).toEqual([1, 3])
    expect(
      results.map((result) => ('text' in result.entry.content ? result.entry.content.text : '')),
    ).toEqual(['first', 'second', 'third', 'fourth'])
    const ids = results.map((result) => result.entry.id)
    expect(new Set(ids).size).toBe(4)
  })

  it('stores a message repeated within one batch once, the repeat answered as a duplicate', async () => {
    const { append, client, keys, scripts, hold, release } = await openAppend()
    hold()
    const visitor = createVisitorId()
    const blocker = append(createVisitorId(), createEntry())
    await nextTurn()
    const original = append(visitor, said('once'), { dedupeKey: 'a3:m1' })
    // The service's retry, a turn later: the hold puts both in the next script.
    await nextTurn()
    const repeat = append(visitor, said('once'), { dedupeKey: 'a3:m1' })
    await nextTurn()
    release()
    const [, stored, again] = await Promise.all([blocker, original, repeat])
    expect(scripts).toEqual([1, 2])
    expect(stored.duplicate).toBe(false)
    expect(again).toMatchObject({ duplicate: true, entry: { id: stored.entry.id } })
    expect(await client.xLen(keys.log(visitor))).toBe(1)
  })

  it('refuses an erased visitor inside a batch and stores the others of it', async () => {
    const { append, client, keys, scripts, hold, release } = await openAppend()
    const erased = createVisitorId()
    await client.set(keys.record(visitorErasedKey(erased)), '{}')
    const other = createVisitorId()
    hold()
    const blocker = append(createVisitorId(), createEntry())
    await nextTurn()
    const refused = append(erased, createEntry(), { refuseErased: true }).catch((error) => error)
    await nextTurn()
    const stored = append(other, createEntry(), { refuseErased: true })
    await nextTurn()
    release()
    await blocker
    expect(isVisitorErased(await refused)).toBe(true)
    expect((await stored).duplicate).toBe(false)
    expect(scripts).toEqual([1, 2])
    expect(await client.exists(keys.log(erased))).toBe(0)
    expect(await client.xLen(keys.log(other))).toBe(1)
  })

  it('answers every append of a failed script with an error, and the retry is stored once', async () => {
    let failing = true
    const { append, client, keys, scripts, hold, release } = await openAppend({
      fail: () => failing,
    })
    const visitor = createVisitorId()
    hold()
    const blocker = append(visitor, createEntry()).catch((error) => error)
    await nextTurn()
    const waiting = [append(visitor, createEntry(), { dedupeKey: 'a3:r1' }).catch((error) => error)]
    await nextTurn()
    waiting.push(append(visitor, createEntry(), { dedupeKey: 'a3:r2' }).catch((error) => error))
    await nextTurn()
    release()
    const answers = await Promise.all([blocker, ...waiting])
    expect(scripts).toEqual([1, 2])
    for (const answer of answers) expect(answer).toBeInstanceOf(Error)
    expect(await client.exists(keys.log(visitor))).toBe(0)
    // The service retries: the same messages are stored, each once.
    failing = false
    const retried = await Promise.all([
      append(visitor, createEntry(), { dedupeKey: 'a3:r1' }),
      append(visitor, createEntry(), { dedupeKey: 'a3:r2' }),
      append(visitor, createEntry(), { dedupeKey: 'a3:r1' }),
    ])
    expect(retried.map((result) => result.duplicate)).toEqual([false, false, true])
    expect(await client.xLen(keys.log(visitor))).toBe(2)
  })

  it('holds the next appends no longer than the command timeout when a script gets no reply', async () => {
    const { append, scripts, hold, release } = await openAppend({ timeoutMs: 20 })
    hold()
    const frozen = append(createVisitorId(), createEntry())
    await nextTurn()
    const next = append(createVisitorId(), createEntry())
    await vi.waitFor(() => expect(scripts).toEqual([1, 1]), REAL_WORK)
    release()
    await Promise.all([frozen, next])
  })

  it('answers an append held past its deadline alone, and sends the others of its batch', async () => {
    // Redis's time as this process sees it, moved by hand: appends are given it + 1 s.
    let redisNow = Date.now() - 60_000
    const clock = {
      deadline: (ms: number | undefined) => String(redisNow + (ms ?? 0)),
      sync: async () => {},
      stop() {},
    } as unknown as Clock
    const { append, client, keys, scripts, hold, release } = await openAppend({
      timeoutMs: 1000,
      clock,
    })
    hold()
    const blocker = append(createVisitorId(), createEntry()).catch((error) => error)
    await nextTurn()
    const visitor = createVisitorId()
    const stale = append(visitor, said('stale')).catch((error) => error)
    await nextTurn()
    // A minute later (the blocker's script got no reply meanwhile), another webhook.
    redisNow = Date.now()
    const fresh = append(visitor, said('fresh'))
    await nextTurn()
    release()
    await blocker
    expect(await stale).toBeInstanceOf(StoreError)
    expect((await fresh).duplicate).toBe(false)
    expect(scripts).toEqual([1, 1])
    const stored = await client.xRange(keys.log(visitor), '-', '+')
    expect(stored.map((row) => JSON.parse(row.message.e ?? '{}').content.text)).toEqual(['fresh'])
  })

  it('sends a burst larger than one script carries as several, in order, all stored', async () => {
    const { append, client, keys, scripts } = await openAppend()
    const visitor = createVisitorId()
    // One turn, 12,000 appends: as one script, its arguments overflowed the client's stack.
    const results = await Promise.all(
      Array.from({ length: 12_000 }, (_, n) => append(visitor, said(`${n}`))),
    )
    expect(scripts).toEqual(Array.from({ length: 12 }, () => APPEND_SCRIPT_ITEMS))
    const stored = await client.xRange(keys.log(visitor), '-', '+')
    expect(stored.map((row) => row.id)).toEqual(results.map((result) => result.entry.id))
    expect(stored.map((row) => JSON.parse(row.message.e ?? '{}').content.text)).toEqual(
      Array.from({ length: 12_000 }, (_, n) => `${n}`),
    )
  }, 60_000)
})
