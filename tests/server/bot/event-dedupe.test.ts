import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEventDedupe } from '../../../server/bot/event-dedupe'
import { createMemoryStore } from '../../../server/store/memory-store'

describe('createEventDedupe', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('in memory: first sight true, repeats false, forget lets it through again', async () => {
    const dedupe = createEventDedupe({ ttlMs: 60_000, maxEntries: 10 })
    expect(await dedupe.firstSeen('a')).toBe(true)
    expect(await dedupe.firstSeen('a')).toBe(false)
    await dedupe.forget('a')
    expect(await dedupe.firstSeen('a')).toBe(true)
  })

  it('in memory: forgets ids after the TTL and keeps at most maxEntries (oldest dropped)', async () => {
    vi.useFakeTimers()
    const dedupe = createEventDedupe({ ttlMs: 1000, maxEntries: 2 })
    await dedupe.firstSeen('a')
    vi.advanceTimersByTime(1001)
    expect(await dedupe.firstSeen('a')).toBe(true)
    await dedupe.firstSeen('b')
    await dedupe.firstSeen('c')
    expect(await dedupe.firstSeen('c')).toBe(false)
    expect(await dedupe.firstSeen('a')).toBe(true)
  })

  it('with a store: claims bot:event:<id>, shared by every dedupe on that store', async () => {
    const store = createMemoryStore()
    const one = createEventDedupe({ store, ttlMs: 60_000, maxEntries: 1 })
    const two = createEventDedupe({ store, ttlMs: 60_000, maxEntries: 1 })
    expect(await one.firstSeen('e1')).toBe(true)
    expect(await two.firstSeen('e1')).toBe(false)
    expect(await store.claim('bot:event:e1', 1000)).toBe(false)
    await two.forget('e1')
    expect(await one.firstSeen('e1')).toBe(true)
  })
})
