import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAttention } from '../../../widget/chat/attention'

/** A fake Web Locks manager: the first requester holds the lock until it releases. */
function fakeLocks() {
  let holder: Promise<unknown> | undefined
  const waiting: (() => void)[] = []
  return {
    request(_name: string, _options: unknown, callback: () => Promise<unknown>) {
      const run = () => {
        holder = callback().finally(() => {
          holder = undefined
          waiting.shift()?.()
        })
        return holder
      }
      if (!holder) return run()
      return new Promise((resolve) => waiting.push(() => resolve(run())))
    },
  }
}

class FakeAudioContext {
  static started = 0
  currentTime = 0
  destination = {}
  createGain() {
    return { connect() {}, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } }
  }
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect() {},
      start: () => FakeAudioContext.started++,
      stop() {},
    }
  }
  close() {
    return Promise.resolve()
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeAudioContext.started = 0
})

describe('the reply sound', () => {
  it('plays in one tab only, and in the next one once that tab is gone', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() })
    vi.stubGlobal('AudioContext', FakeAudioContext)
    const first = createAttention('porthole-sound:test', (count) => `(${count})`)
    const second = createAttention('porthole-sound:test', (count) => `(${count})`)
    await Promise.resolve()
    second.notify(true)
    expect(FakeAudioContext.started).toBe(0) // not the holder of the lock
    first.notify(true)
    expect(FakeAudioContext.started).toBe(2) // two tones of one chime
    first.destroy()
    await vi.waitFor(() => {
      const before = FakeAudioContext.started
      second.notify(true)
      expect(FakeAudioContext.started - before).toBe(2)
    })
    expect(FakeAudioContext.started).toBe(4)
    second.notify(false)
    expect(FakeAudioContext.started).toBe(4)
    second.destroy()
  })
})
