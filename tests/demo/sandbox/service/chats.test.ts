import { describe, expect, it } from 'vitest'
import { createChats } from '../../../../demo/sandbox/service/chats'
import type { Chat } from '../../../../demo/sandbox/service/model'
import { createRegistry } from '../../../../demo/sandbox/service/registry'

// The chats repository: immutable records, every change through update(id, fn).

function setup() {
  const registry = createRegistry(() => 'http://sandbox.test/')
  const channel = registry.addChannel({ name: 'Site', webhookUrl: 'http://site.test/hook' })
  const announced: Chat[] = []
  const chats = createChats(registry, undefined, (chat) => announced.push(chat))
  const open = (visitor = 'visitor-1') => chats.open(channel, { id: visitor })
  return { chats, announced, open }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('chats.update', () => {
  it('stores and announces the new record and leaves the old one as it was', () => {
    const { chats, announced, open } = setup()
    const before = open()
    const after = chats.update(before.id, (chat) => ({ ...chat, state: 'active' }))
    expect(before.state).toBe('queued')
    expect(after.state).toBe('active')
    expect(chats.get(before.id)).toBe(after)
    expect(announced).toEqual([after])
  })

  it('announces nothing when the change returns the chat as it is', () => {
    const { chats, announced, open } = setup()
    const chat = open()
    expect(chats.update(chat.id, (current) => current)).toBe(chat)
    expect(announced).toEqual([])
  })

  it('keeps stored records frozen: editing one in place throws', () => {
    const { chats, open } = setup()
    const chat = open()
    chats.add(chat.id, { author: 'customer', message: { type: 'text', text: 'hi' } })
    const stored = chats.get(chat.id)
    expect(() => {
      ;(stored as { state: string }).state = 'closed'
    }).toThrow(TypeError)
    expect(() => (stored.entries as unknown[]).push({})).toThrow(TypeError)
    expect(() => {
      const [entry] = stored.entries
      if (entry) (entry as { text?: string }).text = 'edited'
    }).toThrow(TypeError)
    expect(chats.get(chat.id).state).toBe('queued')
  })

  it('keeps both changes of writers that await between reading and writing', async () => {
    const { chats, open } = setup()
    const { id } = open()
    // Each writer takes its turn after a wait, as a delivery or a bot call does; each
    // changes the chat as it is when it writes, so neither undoes the other.
    const writers = Array.from({ length: 50 }, async (_, n) => {
      await tick()
      chats.add(id, { author: 'customer', message: { type: 'text', text: `m${n}` } })
      await tick()
      chats.update(id, (chat) => ({ ...chat, unread: chat.unread + 1 }))
    })
    const closing = (async () => {
      await tick()
      chats.update(id, (chat) => ({ ...chat, state: 'closed', closedAt: 1 }))
    })()
    await Promise.all([...writers, closing])
    const chat = chats.get(id)
    expect(
      chat.entries.map((entry) => entry.message?.type === 'text' && entry.message.text),
    ).toHaveLength(50)
    expect(new Set(chat.entries.map((entry) => entry.id)).size).toBe(50)
    // 50 customer messages and 50 explicit increments.
    expect(chat.unread).toBe(100)
    expect(chat.state).toBe('closed')
  })

  it('refuses an unknown chat and a change that returns another chat', () => {
    const { chats, open } = setup()
    const one = open('a')
    const two = open('b')
    expect(() => chats.update('999', (chat) => chat)).toThrow(/No chat 999/)
    expect(() => chats.update(one.id, () => two)).toThrow(/returned chat/)
    expect(chats.get(one.id)).toBe(one)
  })
})

describe('chats.updateEntry', () => {
  it('replaces one entry and keeps the rest of the thread, including entries added meanwhile', () => {
    const { chats, open } = setup()
    const { id } = open()
    const first = chats.add(id, { author: 'agent', delivery: { status: 'pending', attempts: [] } })
    chats.add(id, { author: 'customer', message: { type: 'text', text: 'later' } })
    const changed = chats.updateEntry(id, first.id, (entry) => ({
      ...entry,
      delivery: { status: 'delivered', attempts: [] },
    }))
    expect(changed.delivery?.status).toBe('delivered')
    expect(first.delivery?.status).toBe('pending')
    expect(chats.get(id).entries.map((entry) => entry.author)).toEqual(['agent', 'customer'])
    expect(() => chats.updateEntry(id, 'nope', (entry) => entry)).toThrow(/No message nope/)
  })
})

describe('createChats', () => {
  it('does not freeze the state it was given', () => {
    const { chats: seed, open } = setup()
    open()
    const state = seed.snapshot()
    const copy = structuredClone(state)
    const registry = createRegistry(() => 'http://sandbox.test/')
    const chats = createChats(registry, { version: 1, ...registry.snapshot(), ...copy }, () => {})
    expect(Object.isFrozen(copy.chats[0])).toBe(false)
    expect(Object.isFrozen(chats.list()[0])).toBe(true)
    expect(chats.list()).toEqual(state.chats)
  })
})
