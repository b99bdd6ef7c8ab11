import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAttention } from '../../../../widget/chat/window/attention'
import type { KeyValueStore } from '../../../../widget/storage/key-value-store'
import { createMemoryStore } from '../../../../widget/storage/memory-store'
import { REAL_WORK } from '../../../support/timeouts'

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

const title = (count: number) => `(${count})`

/** A store that counts its writes (nothing may be written before the visitor chooses). */
function countingStore() {
  const store = createMemoryStore()
  let writes = 0
  const counted: KeyValueStore = {
    ...store,
    set: (key, value) => {
      writes++
      return store.set(key, value)
    },
    del: (key) => {
      writes++
      return store.del(key)
    },
    write: (puts, deletes) => {
      writes++
      return store.write(puts, deletes)
    },
  }
  return { store: counted, writes: () => writes }
}

/** Lets the storage reads and the chime behind them happen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Web Locks and an AudioContext that counts the tones it starts. */
function withLocksAndAudio(): void {
  vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() })
  vi.stubGlobal('AudioContext', FakeAudioContext)
}

/** Two tabs' attention on one storage and one lock name, settled: the first holds the lock. */
async function twoTabs(key: string) {
  withLocksAndAudio()
  const storage = createMemoryStore()
  const tabs = [createAttention(key, title, storage), createAttention(key, title, storage)] as const
  await settle()
  return tabs
}

describe('the reply sound', () => {
  it('plays in one tab only, and in the next one once that tab is gone', async () => {
    const [first, second] = await twoTabs('porthole-sound:test')
    second.notify(true)
    await settle()
    expect(FakeAudioContext.started).toBe(0) // not the holder of the lock
    first.notify(true)
    await settle()
    expect(FakeAudioContext.started).toBe(2) // two tones of one chime
    first.destroy()
    await vi.waitFor(async () => {
      const before = FakeAudioContext.started
      second.notify(true)
      await settle()
      expect(FakeAudioContext.started - before).toBe(2)
    }, REAL_WORK)
    expect(FakeAudioContext.started).toBe(4)
    second.notify(false)
    await settle()
    expect(FakeAudioContext.started).toBe(4)
    second.destroy()
  })

  it('stays silent while muted, and plays again once unmuted', async () => {
    withLocksAndAudio()
    const attention = createAttention('porthole-sound:mute', title, createMemoryStore())
    await settle()
    attention.setMuted(true)
    expect(attention.mute.get().muted).toBe(true)
    attention.notify(true, 3)
    await settle()
    expect(FakeAudioContext.started).toBe(0)
    attention.setMuted(false)
    attention.notify(true)
    await settle()
    expect(FakeAudioContext.started).toBe(2)
    attention.destroy()
  })

  it('honours a mute chosen in another tab (the one holding the lock chimes)', async () => {
    const [leader, other] = await twoTabs('porthole-sound:tabs')
    other.setMuted(true)
    await settle()
    leader.notify(true)
    await settle()
    expect(FakeAudioContext.started).toBe(0)
    // The leader's own button shows it too once it has looked.
    expect(leader.mute.get().muted).toBe(true)
    leader.destroy()
    other.destroy()
  })

  it('remembers the choice across page loads, and writes nothing until the visitor chooses', async () => {
    const { store, writes } = countingStore()
    const first = createAttention('porthole-sound:remember', title, store)
    first.notify(true)
    await settle()
    expect(writes()).toBe(0)
    expect(await store.get('muted')).toBeUndefined()
    first.setMuted(true)
    await settle()
    expect(writes()).toBe(1)
    first.destroy()
    // A reload: the new page reads the choice.
    const again = createAttention('porthole-sound:remember', title, store)
    await vi.waitFor(() => expect(again.mute.get().muted).toBe(true), REAL_WORK)
    again.setMuted(false)
    await settle()
    expect(await store.get('muted')).toBeUndefined()
    again.destroy()
  })

  it('shows the choice made in another tab when this tab is shown again', async () => {
    const storage = createMemoryStore()
    const here = createAttention('porthole-sound:visible', title, storage)
    await settle()
    await storage.set('muted', true)
    expect(here.mute.get().muted).toBe(false)
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.waitFor(() => expect(here.mute.get().muted).toBe(true), REAL_WORK)
    here.destroy()
  })
})
