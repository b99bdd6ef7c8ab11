import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConversationEntry } from '../../../../shared/widget-api'
import { loadConversation, RETRY_MS } from '../../../../widget/chat/engine/conversation-storage'
import { persisted } from '../../../../widget/chat/engine/persisted'
import { WINDOW } from '../../../../widget/chat/model/conversation'
import type { KeyValueStore, StoreKey } from '../../../../widget/storage/key-value-store'
import { createMemoryStore } from '../../../../widget/storage/memory-store'

function entry(n: number, overrides: Partial<ConversationEntry> = {}): ConversationEntry {
  return {
    id: String(n),
    author: 'agent',
    name: 'Anna',
    content: { type: 'text', text: `Reply number ${n} with some text in it` },
    at: 1_700_000_000_000 + n * 1000,
    ...overrides,
  }
}

/** A memory store that records every write and can be told to refuse them. */
function recordingStore() {
  const inner = createMemoryStore()
  const writes: { puts: [StoreKey, unknown][]; deletes: StoreKey[]; bytes: number }[] = []
  let refuse = 0
  const store: KeyValueStore = {
    ...inner,
    async write(puts, deletes) {
      if (refuse > 0) {
        refuse--
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      writes.push({ puts, deletes, bytes: JSON.stringify(puts).length })
      return inner.write(puts, deletes)
    },
  }
  const refuseNext = (count: number): void => {
    refuse = count
  }
  return { store, inner, writes, refuseNext }
}

/** A conversation persisted to a recording store, loaded, on fake timers. */
async function loadedOnFakeTimers() {
  vi.useFakeTimers()
  const recording = recordingStore()
  const conversation = persisted({
    storage: recording.store,
    announce: () => {},
    onChange: () => {},
  })
  await conversation.load()
  await vi.advanceTimersByTimeAsync(0)
  return { ...recording, conversation }
}

async function entryKeys(store: KeyValueStore, upTo: number): Promise<number> {
  const keys = Array.from({ length: upTo }, (_, index): StoreKey => `entry:${index + 1}`)
  return (await store.getMany(keys)).filter((value) => value !== undefined).length
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
})

describe('incremental persistence', () => {
  it('writes each new entry once and a small record, never the whole log (1,000 replies)', async () => {
    const { store, writes } = recordingStore()
    const conversation = persisted({ storage: store, announce: () => {}, onChange: () => {} })
    await conversation.load()
    for (let n = 1; n <= 1000; n++) {
      conversation.dispatch({ type: 'entries', entries: [entry(n)], lastEventId: String(n) })
      await turn()
    }
    await turn()
    const entryPuts = writes
      .flatMap((write) => write.puts)
      .filter(([key]) => key.startsWith('entry:'))
    expect(entryPuts).toHaveLength(1000)
    // The biggest write holds one entry and the record of 200 ids: bounded, whatever the length.
    const largest = Math.max(...writes.map((write) => write.bytes))
    expect(largest).toBeLessThan(4000)
    // Rewriting the log each time would have written ~100 KB per reply at the end.
    const total = writes.reduce((sum, write) => sum + write.bytes, 0)
    expect(total).toBeLessThan(1000 * 4000)
    // Only the window stays on the device.
    expect(await entryKeys(store, 1000)).toBe(WINDOW)
    const reloaded = await loadConversation(store)
    expect(reloaded.conversation.entries.map((stored) => stored.id)).toEqual(
      Array.from({ length: WINDOW }, (_, index) => String(801 + index)),
    )
    expect(reloaded.conversation.lastEventId).toBe('1000')
  })

  it('batches the changes of one turn into one transaction', async () => {
    const { store, writes } = recordingStore()
    const conversation = persisted({ storage: store, announce: () => {}, onChange: () => {} })
    await conversation.load()
    const before = writes.length
    for (let n = 1; n <= 50; n++) conversation.dispatch({ type: 'entries', entries: [entry(n)] })
    await turn()
    await turn()
    expect(writes.length - before).toBe(1)
    expect(writes.at(-1)?.puts).toHaveLength(52)
  })

  it('begins the write with the change, not after a timer or the previous write', async () => {
    // A page closed right after a send keeps the message only if its write has begun.
    vi.useFakeTimers()
    const { store, writes } = recordingStore()
    const conversation = persisted({ storage: store, announce: () => {}, onChange: () => {} })
    await conversation.load()
    await Promise.resolve()
    const before = writes.length
    // The previous write never lands (a slow disk): the next one does not wait for it.
    const write = store.write.bind(store)
    let stall = true
    store.write = (puts, deletes) => {
      const written = write(puts, deletes)
      return stall ? new Promise(() => {}) : written
    }
    conversation.dispatch({ type: 'entries', entries: [entry(1)] })
    await Promise.resolve()
    conversation.dispatch({ type: 'entries', entries: [entry(2)] })
    await Promise.resolve()
    stall = false
    // No timer has run.
    expect(writes.slice(before).map((landed) => landed.puts.map(([key]) => key))).toEqual([
      ['entry:1', 'conversation', 'outbox'],
      ['entry:2', 'conversation', 'outbox'],
    ])
  })

  it('writes a refused change again at once when the page goes away', async () => {
    const { store, refuseNext, conversation } = await loadedOnFakeTimers()
    refuseNext(1)
    conversation.dispatch({ type: 'entries', entries: [entry(1)] })
    await vi.advanceTimersByTimeAsync(0)
    expect((await loadConversation(store)).conversation.entries).toEqual([])
    conversation.flush()
    await Promise.resolve()
    await Promise.resolve()
    expect((await loadConversation(store)).conversation.entries.map((stored) => stored.id)).toEqual(
      ['1'],
    )
  })

  it('tells other tabs after each write lands, not before', async () => {
    const { store } = recordingStore()
    const announced: number[] = []
    const conversation = persisted({
      storage: store,
      announce: () =>
        void store.getMany(['entry:1']).then(([value]) => announced.push(value ? 1 : 0)),
      onChange: () => {},
    })
    await conversation.load()
    conversation.dispatch({ type: 'entries', entries: [entry(1)] })
    await turn()
    await turn()
    expect(announced.at(-1)).toBe(1)
  })

  it('tries a refused write again later, and nothing is lost', async () => {
    const { store, refuseNext, conversation } = await loadedOnFakeTimers()
    refuseNext(2)
    conversation.dispatch({ type: 'entries', entries: [entry(1)] })
    await vi.advanceTimersByTimeAsync(0)
    conversation.dispatch({ type: 'entries', entries: [entry(2)] })
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3)
    vi.useRealTimers()
    expect((await loadConversation(store)).conversation.entries.map((stored) => stored.id)).toEqual(
      ['1', '2'],
    )
  })
})

describe('the stored log of earlier widgets', () => {
  it('is read, converted to per-entry storage and dropped', async () => {
    const { store, inner } = recordingStore()
    const legacy = Array.from({ length: 250 }, (_, index) => entry(index + 1))
    await inner.set('log', {
      entries: [...legacy, { id: 'broken' }],
      lastEventId: '250',
      delivery: { ['f'.repeat(24)]: { state: 'pending' }, bad: { state: 'lost' } },
      invite: 'Need help choosing?',
    })
    await inner.set('outbox', [
      { id: 'o'.repeat(24), text: 'Refused', at: 1, state: 'failed', error: 'Chat was removed' },
      { id: 'q'.repeat(24), text: 'Waiting', at: 2, state: 'queued' },
    ])
    const conversation = persisted({ storage: store, announce: () => {}, onChange: () => {} })
    await conversation.load()
    const state = conversation.get()
    expect(state.entries).toHaveLength(WINDOW)
    expect(state.entries[0]?.id).toBe('51')
    expect(state.lastEventId).toBe('250')
    expect(state.invite).toBe('Need help choosing?')
    expect(state.delivery).toEqual({
      ['f'.repeat(24)]: { state: 'pending' },
      ['o'.repeat(24)]: { state: 'failed', error: 'Chat was removed' },
    })
    expect(state.outbox.map((item) => item.text)).toEqual(['Refused', 'Waiting'])
    await turn()
    await turn()
    expect(await store.get('log')).toBeUndefined()
    expect(await entryKeys(store, 250)).toBe(WINDOW)
    const reloaded = (await loadConversation(store)).conversation
    expect(reloaded.entries).toEqual(state.entries)
    expect(reloaded.delivery).toEqual(state.delivery)
  })

  it('ignores what does not parse', async () => {
    const store = createMemoryStore()
    await store.set('conversation', { ids: ['1', 2, '3'], lastEventId: 7, delivery: 'x' })
    await store.set('entry:1', entry(1))
    await store.set('entry:3', { id: '3' })
    const { conversation } = await loadConversation(store)
    expect(conversation.entries.map((stored) => stored.id)).toEqual(['1'])
    expect(conversation.lastEventId).toBeUndefined()
    expect(conversation.delivery).toEqual({})
  })
})
