import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { describeRedis, type RedisServer, startRedisServer } from '../../../kit/redis-server'
import { createIdleSweep, IDLE_SWEEP_BATCH } from '../../../server/conversation/idle-sweep'
import { silentLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createRedisStore } from '../../../server/store/redis-store'
import type { ConversationLog, Store } from '../../../server/store/types'
import { REAL_WORK } from '../../support/timeouts'
import { onTempSqliteStore } from '../support/temp-sqlite-store'

// The sweep runs every minute over every visitor with an open stream: its store calls
// must grow with the batches, not with the streams (100,000 streams on Redis were
// 100,000 round trips a minute). Counted, never timed.

const MINUTE = 60_000
const STREAMS = 2000
const IDLE = 10
const LOG_METHODS = ['append', 'readAfter', 'readBefore', 'newestEntries'] as const

/** `store` with every call to its conversation log counted. */
function counting(store: Store): { store: Store; calls: () => number } {
  let calls = 0
  const wrapped: Store = Object.create(store)
  for (const method of LOG_METHODS) {
    const original = store[method].bind(store) as (...args: unknown[]) => unknown
    Object.assign(wrapped, {
      [method]: (...args: unknown[]) => {
        calls += 1
        return original(...args)
      },
    })
  }
  return { store: wrapped, calls: () => calls }
}

/** STREAMS watched visitors: the first IDLE went quiet at 0, the others at 20 min. */
async function watchedVisitors(store: Store): Promise<string[]> {
  const visitors = Array.from({ length: STREAMS }, (_, i) => `v${i}-${nanoid(6)}`)
  for (let from = 0; from < STREAMS; from += 200) {
    await Promise.all(
      visitors.slice(from, from + 200).map((visitorId, offset) =>
        store.append(visitorId, {
          author: 'visitor',
          content: { type: 'text', text: 'hi' },
          at: from + offset < IDLE ? 0 : 20 * MINUTE,
        }),
      ),
    )
  }
  return visitors
}

function sweepOf(store: ConversationLog, visitors: string[]) {
  return createIdleSweep({
    store,
    visitors: () => visitors,
    idleMs: () => 30 * MINUTE,
    now: () => 40 * MINUTE,
    logger: silentLogger,
    everyMs: MINUTE,
  })
}

async function endedCount(store: Store, visitors: string[]): Promise<number> {
  const newest = await store.newestEntries(visitors)
  return newest.filter((entry) => entry?.ended === 'idle').length
}

// One batch read per IDLE_SWEEP_BATCH visitors, then per idle conversation: endIfIdle's
// read, endConversation's read and its append.
const MAX_CALLS = Math.ceil(STREAMS / IDLE_SWEEP_BATCH) + 3 * IDLE

async function expectBatched(opened: Store) {
  const visitors = await watchedVisitors(opened)
  const { store, calls } = counting(opened)
  await sweepOf(store, visitors).sweep()
  expect(calls()).toBeLessThanOrEqual(MAX_CALLS)
  expect(await endedCount(opened, visitors)).toBe(IDLE)
  // The first IDLE ended; a young one did not.
  expect((await opened.newestEntries([visitors[0] ?? '', visitors[IDLE] ?? '']))[1]?.ended).toBe(
    undefined,
  )
}

describe('idle sweep: store calls at 2,000 open streams', () => {
  it(`memory: at most ceil(${STREAMS} / batch) reads, plus the idle ones`, async () => {
    const store = createMemoryStore()
    await expectBatched(store)
    await store.close()
  })

  it(`sqlite: at most ceil(${STREAMS} / batch) reads, plus the idle ones`, async () => {
    await onTempSqliteStore(expectBatched)
  })

  it('reads an idle conversation again before ending it: a message after the batch read keeps it open', async () => {
    const store = createMemoryStore()
    await store.append('late', { author: 'visitor', content: { type: 'text', text: 'hi' }, at: 0 })
    const racing: Store = Object.assign(Object.create(store) as Store, {
      newestEntries: async (ids: readonly string[]) => {
        const newest = await store.newestEntries(ids)
        // The visitor writes again between the batch read and the end.
        await store.append('late', {
          author: 'visitor',
          content: { type: 'text', text: 'still here' },
          at: 39 * MINUTE,
        })
        return newest
      },
    })
    await sweepOf(racing, ['late']).sweep()
    const [newest] = await store.newestEntries(['late'])
    expect(newest?.content).toEqual({ type: 'text', text: 'still here' })
    expect(newest?.ended).toBeUndefined()
  })

  it('a failed batch read is logged and the next batch is still swept', async () => {
    const store = createMemoryStore()
    for (const id of ['a', 'b'])
      await store.append(id, { author: 'visitor', content: { type: 'text', text: 'hi' }, at: 0 })
    const failing: Store = Object.assign(Object.create(store) as Store, {
      newestEntries: (ids: readonly string[]) =>
        ids.includes('a') ? Promise.reject(new Error('timeout')) : store.newestEntries(ids),
    })
    const warnings: string[] = []
    const sweep = createIdleSweep({
      store: failing,
      visitors: () => ['a', 'b'],
      idleMs: () => MINUTE,
      now: () => 10 * MINUTE,
      logger: { ...silentLogger, warn: (message: string) => warnings.push(message) },
      everyMs: MINUTE,
      batch: 1,
    })
    await sweep.sweep()
    const [a, b] = await store.newestEntries(['a', 'b'])
    expect(a?.ended).toBeUndefined()
    expect(b?.ended).toBe('idle')
    expect(warnings).toEqual(['idle conversations not checked; tried again on the next sweep'])
  })
})

describeRedis('idle sweep: Redis round trips at 2,000 open streams', () => {
  let server: RedisServer | undefined
  afterAll(async () => {
    await server?.stop()
  })

  it(`at most ceil(${STREAMS} / batch) round trips, plus the idle ones`, async () => {
    server = await startRedisServer()
    const prefix = `t:${nanoid()}:`
    const opened = await createRedisStore(server.url, { prefix })
    const monitor = createClient({ url: server.url })
    await monitor.connect()
    try {
      const visitors = await watchedVisitors(opened)
      // MONITOR shows each command a client sends (and, tagged "lua", what scripts call).
      const sent: string[] = []
      await monitor.monitor((line) => {
        if (line.includes(prefix) && !line.includes(' lua]')) sent.push(line)
      })
      await sweepOf(opened, visitors).sweep()
      // Commands reach MONITOR in order: once this one is seen, all before it are.
      const marker = `marker-${nanoid()}`
      await opened.newestEntries([marker])
      await vi.waitFor(() => expect(sent.at(-1)).toContain(marker), REAL_WORK)
      // Without the marker; a script may be sent twice once (NOSCRIPT, then EVAL).
      expect(sent.length - 1).toBeLessThanOrEqual(MAX_CALLS + 1)
      expect(await endedCount(opened, visitors)).toBe(IDLE)
    } finally {
      monitor.destroy()
      await opened.close()
    }
  })
})
