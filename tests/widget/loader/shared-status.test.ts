import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { shareStatus } from '../../../widget/loader/shared-status'
import { createBase } from '../../support/widget-factories'

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Lets BroadcastChannel messages (real event-loop work) and due timers go through. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setImmediate(resolve))
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0)
    else await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

/**
 * Web Locks as browsers grant them (happy-dom has none): one holder per name, the
 * others queued in order until the holder's callback settles; a queued request can be
 * aborted by its signal.
 */
function createLocks() {
  const queues = new Map<string, (() => void)[]>()
  const held = new Set<string>()
  const next = (name: string) => {
    held.delete(name)
    queues.get(name)?.shift()?.()
  }
  return {
    request(
      name: string,
      options: { signal?: AbortSignal },
      callback: (lock: { name: string }) => unknown,
    ): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const grant = () => {
          held.add(name)
          Promise.resolve()
            .then(() => callback({ name }))
            .then(resolve, reject)
            .finally(() => next(name))
        }
        if (!held.has(name)) return grant()
        const queue = queues.get(name) ?? []
        queues.set(name, queue)
        queue.push(grant)
        options.signal?.addEventListener('abort', () => {
          const at = queue.indexOf(grant)
          if (at < 0) return
          queue.splice(at, 1)
          reject(new DOMException('aborted', 'AbortError'))
        })
      })
    },
  }
}

/** Moves the fake clock on by `ms`, then lets the tabs' messages and locks settle. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms)
  await settle()
}

const stops: (() => void)[] = []
beforeEach(() => {
  Object.defineProperty(navigator, 'locks', { configurable: true, value: createLocks() })
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
  setHidden(false)
  delete (navigator as { locks?: unknown }).locks
})

/** A "tab": its own poller on the shared lock and channel, counting its own polls. */
function tab(name: string, calls: string[], label: string, intervalSeconds = 10) {
  const seen: number[] = []
  const stop = shareStatus(name, {
    intervalSeconds,
    random: () => 0.5,
    fetchStatus: async () => {
      calls.push(label)
      // 2: outside business hours (shared like the others).
      return 2
    },
    onStatus: (online) => seen.push(online),
  })
  stops.push(stop)
  return { seen, stop }
}

describe('shareStatus', () => {
  it('polls once for several tabs and shares the answer with each', async () => {
    const name = `${createBase()}:status`
    const calls: string[] = []
    const first = tab(name, calls, 'first')
    await settle()
    const second = tab(name, calls, 'second')
    const third = tab(name, calls, 'third')
    await settle()
    expect(calls).toEqual(['first'])
    expect(first.seen).toEqual([2])
    // The later tabs asked the leader for its last answer (an answer may come twice:
    // once to each asking tab's question).
    expect(second.seen).toContain(2)
    expect(third.seen).toContain(2)
    expect(new Set([...second.seen, ...third.seen])).toEqual(new Set([2]))
  })

  it('hands over when the leader stops: the next tab polls when the interval is up, not at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const name = `${createBase()}:status`
    const calls: string[] = []
    const first = tab(name, calls, 'first')
    await advance(0)
    const second = tab(name, calls, 'second')
    await settle()
    await vi.advanceTimersByTimeAsync(3_000)
    first.stop()
    await settle()
    await advance(6_000)
    expect(calls).toEqual(['first'])
    // 10 s after the first answer the new leader polls, then every interval.
    await advance(1_000)
    expect(calls).toEqual(['first', 'second'])
    expect(second.seen.length).toBeGreaterThanOrEqual(2)
  })

  it('polls in no tab while all are hidden, and at once when one is visible again after the interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const name = `${createBase()}:status`
    const calls: string[] = []
    tab(name, calls, 'first')
    tab(name, calls, 'second')
    await advance(0)
    expect(calls).toHaveLength(1)
    setHidden(true)
    await settle()
    await advance(60_000)
    expect(calls).toHaveLength(1)
    setHidden(false)
    await settle()
    await advance(0)
    expect(calls).toHaveLength(2)
  })

  it('does nothing more once stopped: becoming visible again neither polls nor queues for the lock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const name = `${createBase()}:status`
    const calls: string[] = []
    const only = tab(name, calls, 'only')
    await advance(0)
    expect(calls).toEqual(['only'])
    setHidden(true)
    await settle()
    only.stop()
    setHidden(false)
    await settle()
    await advance(60_000)
    expect(calls).toEqual(['only'])
    // The lock is free: a new tab leads and polls at once (its first answer is due).
    tab(name, calls, 'next')
    await settle()
    await advance(0)
    expect(calls).toEqual(['only', 'next'])
  })

  it('falls back to one poller per tab without Web Locks', async () => {
    Object.defineProperty(navigator, 'locks', { configurable: true, value: undefined })
    const name = `${createBase()}:status`
    const calls: string[] = []
    tab(name, calls, 'first')
    tab(name, calls, 'second')
    await settle()
    expect(calls.sort()).toEqual(['first', 'second'])
  })
})
