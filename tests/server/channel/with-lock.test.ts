import { afterEach, describe, expect, it, vi } from 'vitest'
import { withLock } from '../../../server/channel/with-lock'
import { createMemoryStore } from '../../../server/store/memory-store'

afterEach(() => vi.useRealTimers())

describe('withLock', () => {
  it('runs the work while holding the claim and releases it after', async () => {
    const store = createMemoryStore()
    const result = await withLock(store, 'lock:a', 1000, async () => {
      expect(await store.claim('lock:a', 1000)).toBe(false)
      return 42
    })
    expect(result).toEqual({ held: true, value: 42 })
    expect(await store.claim('lock:a', 1000)).toBe(true)
  })

  it('does not run the work when another holder has the claim', async () => {
    const store = createMemoryStore()
    await store.claim('lock:a', 1000)
    const work = vi.fn(async () => 1)
    expect(await withLock(store, 'lock:a', 1000, work)).toEqual({ held: false })
    expect(work).not.toHaveBeenCalled()
  })

  it('releases the claim when the work throws', async () => {
    const store = createMemoryStore()
    await expect(
      withLock(store, 'lock:a', 1000, async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await store.claim('lock:a', 1000)).toBe(true)
  })

  it('keeps a renewed claim past its ttl; a lapsed one is lost and not released', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    await withLock(store, 'lock:a', 1000, async (lease) => {
      await vi.advanceTimersByTimeAsync(900)
      expect(await lease.renew()).toBe(true)
      await vi.advanceTimersByTimeAsync(900)
      // 1800 ms after the claim: alive only thanks to the renewal.
      expect(await store.claim('lock:a', 1000)).toBe(false)
      await vi.advanceTimersByTimeAsync(1100)
      // Lapsed: a new holder takes it; this one learns it lost the claim.
      expect(await store.claim('lock:a', 5000)).toBe(true)
      expect(lease.lost).toBe(false)
      await vi.advanceTimersByTimeAsync(5001)
      expect(await lease.renew()).toBe(false)
      expect(lease.lost).toBe(true)
      expect(await store.claim('lock:a', 5000)).toBe(true)
    })
    // Not released by the old holder: the new one's claim still stands.
    expect(await store.claim('lock:a', 5000)).toBe(false)
  })
})
