import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStore } from '../../../server/store/memory-store'
import { withClaim } from '../../../server/store/with-claim'

afterEach(() => vi.useRealTimers())

const once = { ttl: 1000, onTimeout: 'skip' } as const

describe('withClaim', () => {
  it('runs the work while holding the claim and releases it after', async () => {
    const store = createMemoryStore()
    const result = await withClaim(store, 'lock:a', once, async (lease) => {
      expect(lease.held).toBe(true)
      expect(await store.claim('lock:a', 1000)).toBe(false)
      return 42
    })
    expect(result).toEqual({ held: true, value: 42 })
    expect(await store.claim('lock:a', 1000)).toBe(true)
  })

  it('skips the work when another holder has the claim (onTimeout: skip)', async () => {
    const store = createMemoryStore()
    await store.claim('lock:a', 1000)
    const work = vi.fn(async () => 1)
    expect(await withClaim(store, 'lock:a', once, work)).toEqual({ held: false })
    expect(work).not.toHaveBeenCalled()
  })

  it('releases the claim when the work throws', async () => {
    const store = createMemoryStore()
    await expect(
      withClaim(store, 'lock:a', once, async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await store.claim('lock:a', 1000)).toBe(true)
  })

  it('keeps a renewed claim past its ttl; a lapsed one is lost and not released', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    await withClaim(store, 'lock:a', once, async (lease) => {
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

  it('waits for the holder to finish, trying every everyMs', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    await store.claim('lock:a', 60_000)
    const claim = vi.spyOn(store, 'claim')
    let ran = false
    const work = withClaim(
      store,
      'lock:a',
      { ttl: 1000, wait: { forMs: 5000, everyMs: 100 }, onTimeout: 'proceed' },
      async (lease) => {
        ran = lease.held
        return 'done'
      },
    )
    await vi.advanceTimersByTimeAsync(1050)
    expect(ran).toBe(false)
    // The first try, then one every 100 ms.
    expect(claim).toHaveBeenCalledTimes(11)
    await store.release('lock:a')
    await vi.advanceTimersByTimeAsync(100)
    expect(await work).toBe('done')
    expect(ran).toBe(true)
    // Released after: free again.
    expect(await store.claim('lock:a', 1000)).toBe(true)
  })

  it('runs without the claim after the wait (proceed), and leaves the holder’s claim alone', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    await store.claim('lock:a', 60_000)
    const work = withClaim(
      store,
      'lock:a',
      { ttl: 1000, wait: { forMs: 2000, everyMs: 20 }, onTimeout: 'proceed' },
      async (lease) => {
        expect(await lease.renew()).toBe(false)
        return lease.held
      },
    )
    let settled = false
    void work.then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(1900)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(200)
    expect(await work).toBe(false)
    // Not released: it was never this caller's.
    expect(await store.claim('lock:a', 1000)).toBe(false)
  })

  it('throws the caller’s error after the wait, without running the work', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    await store.claim('lock:a', 60_000)
    const work = vi.fn(async () => 1)
    const result = withClaim(
      store,
      'lock:a',
      { ttl: 1000, wait: { forMs: 500, everyMs: 25 }, onTimeout: () => new Error('busy') },
      work,
    )
    const failed = expect(result).rejects.toThrow('busy')
    await vi.advanceTimersByTimeAsync(600)
    await failed
    expect(work).not.toHaveBeenCalled()
  })

  it('tries once without a wait, whatever the policy', async () => {
    const store = createMemoryStore()
    await store.claim('lock:a', 60_000)
    const claim = vi.spyOn(store, 'claim')
    await expect(
      withClaim(store, 'lock:a', { ttl: 1000, onTimeout: () => new Error('busy') }, async () => 1),
    ).rejects.toThrow('busy')
    expect(claim).toHaveBeenCalledTimes(1)
  })

  it('does not fail the work when the release fails (the ttl frees the claim)', async () => {
    const store = createMemoryStore()
    vi.spyOn(store, 'release').mockRejectedValue(new Error('store down'))
    expect(await withClaim(store, 'lock:a', once, async () => 7)).toEqual({ held: true, value: 7 })
  })
})
