import { describe, expect, it } from 'vitest'
import {
  ENDED_TEXT,
  endConversation,
  endIfIdle,
  idleMsOf,
} from '../../../server/conversation/end-conversation'
import { createIdleSweep } from '../../../server/conversation/idle-sweep'
import { createLogger, silentLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { ConversationEntry } from '../../../shared/widget-api'

const MINUTE = 60_000

async function say(store: Store, visitorId: string, text: string, at: number) {
  return (await store.append(visitorId, { author: 'visitor', content: { type: 'text', text }, at }))
    .entry
}

const all = (store: Store, visitorId: string) => store.readAfter(visitorId, undefined, 10_000)

describe('endConversation', () => {
  it('appends one system entry marked ended, with the English fallback text, that parses as an entry', async () => {
    const store = createMemoryStore()
    await say(store, 'v1', 'hello', 1000)
    expect(await endConversation(store, 'v1', 'closed', { now: 5000 })).toBe(true)
    const entries = await all(store, 'v1')
    expect(entries).toHaveLength(2)
    const ended = entries[1]
    expect(ended).toMatchObject({
      author: 'system',
      ended: 'closed',
      at: 5000,
      content: { type: 'text', text: ENDED_TEXT },
    })
    expect(ConversationEntry.parse(ended)).toEqual(ended)
  })

  it('ends a conversation once, whoever tries (CHAT_CLOSED twice, then the idle timeout)', async () => {
    const store = createMemoryStore()
    await say(store, 'v1', 'hello', 1000)
    const results = await Promise.all([
      endConversation(store, 'v1', 'closed', { now: 2000 }),
      endConversation(store, 'v1', 'closed', { now: 2000 }),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await endIfIdle(store, 'v1', { idleMs: MINUTE, now: 10 * MINUTE })).toBe(false)
    expect((await all(store, 'v1')).filter((entry) => entry.ended)).toHaveLength(1)
  })

  it('does not end an empty conversation; a new message after the end can be ended again', async () => {
    const store = createMemoryStore()
    expect(await endConversation(store, 'nobody', 'closed', { now: 1 })).toBe(false)
    expect(await all(store, 'nobody')).toEqual([])
    await say(store, 'v1', 'first', 1000)
    await endConversation(store, 'v1', 'closed', { now: 2000 })
    await say(store, 'v1', 'second', 3000)
    expect(await endConversation(store, 'v1', 'closed', { now: 4000 })).toBe(true)
    expect((await all(store, 'v1')).map((entry) => entry.ended ?? entry.content.type)).toEqual([
      'text',
      'closed',
      'text',
      'closed',
    ])
  })

  it('is never dated before the entry it follows', async () => {
    const store = createMemoryStore()
    await say(store, 'v1', 'from a fast clock', 9000)
    await endConversation(store, 'v1', 'closed', { now: 5000 })
    expect((await all(store, 'v1')).at(-1)?.at).toBe(9000)
  })
})

describe('endIfIdle', () => {
  it('ends only after the idle time, dated when it became idle; off without a timeout', async () => {
    const store = createMemoryStore()
    await say(store, 'v1', 'hello', 0)
    expect(await endIfIdle(store, 'v1', { idleMs: undefined, now: 10 ** 9 })).toBe(false)
    expect(await endIfIdle(store, 'v1', { idleMs: 30 * MINUTE, now: 30 * MINUTE - 1 })).toBe(false)
    expect(await endIfIdle(store, 'v1', { idleMs: 30 * MINUTE, now: 45 * MINUTE })).toBe(true)
    expect((await all(store, 'v1')).at(-1)).toMatchObject({ ended: 'idle', at: 30 * MINUTE })
  })

  it('idleMsOf reads chatIdleMinutes', () => {
    expect(idleMsOf({})).toBeUndefined()
    expect(idleMsOf({ chatIdleMinutes: 15 })).toBe(15 * MINUTE)
  })
})

describe('createIdleSweep', () => {
  it('ends the idle conversations of the visitors it is given, hundreds of them, and no others', async () => {
    const store = createMemoryStore()
    let now = 0
    const watching: string[] = []
    for (let i = 0; i < 300; i++) {
      await say(store, `v${i}`, 'hi', i % 2 === 0 ? 0 : 20 * MINUTE)
      if (i < 250) watching.push(`v${i}`)
    }
    const sweep = createIdleSweep({
      store,
      visitors: () => watching,
      idleMs: () => 30 * MINUTE,
      now: () => now,
      logger: silentLogger,
      everyMs: MINUTE,
    })
    now = 40 * MINUTE
    await sweep.sweep()
    const ended = async (id: string) => (await all(store, id)).some((entry) => entry.ended)
    // Even ones went quiet at 0 (idle 40 min), odd ones at 20 (idle 20 min); 250+ not watched.
    expect(await ended('v0')).toBe(true)
    expect(await ended('v1')).toBe(false)
    expect(await ended('v248')).toBe(true)
    expect(await ended('v250')).toBe(false)
    let count = 0
    for (const id of watching) if (await ended(id)) count++
    expect(count).toBe(125)
    // The timeout switched off in the settings: nothing more ends.
    now = 100 * MINUTE
    const off = createIdleSweep({
      store,
      visitors: () => watching,
      idleMs: () => undefined,
      now: () => now,
      logger: silentLogger,
      everyMs: MINUTE,
    })
    await off.sweep()
    expect(await ended('v1')).toBe(false)
  })

  it('a store failure for one visitor is logged and the others still end', async () => {
    const store = createMemoryStore()
    await say(store, 'a', 'hi', 0)
    await say(store, 'b', 'hi', 0)
    const readBefore = store.readBefore.bind(store)
    const failing: Store = Object.assign(Object.create(store) as Store, {
      readBefore: (id: string, before: string | undefined, limit: number) =>
        id === 'a' ? Promise.reject(new Error('disk full')) : readBefore(id, before, limit),
    })
    const lines: string[] = []
    const logger = createLogger({ write: (line) => lines.push(line) })
    const sweep = createIdleSweep({
      store: failing,
      visitors: () => ['a', 'b'],
      idleMs: () => MINUTE,
      now: () => 10 * MINUTE,
      logger,
      everyMs: MINUTE,
    })
    await sweep.sweep()
    expect((await all(store, 'b')).at(-1)?.ended).toBe('idle')
    expect((await all(store, 'a')).at(-1)?.ended).toBeUndefined()
    expect(lines.join('\n')).toContain('idle conversation not ended')
  })
})
