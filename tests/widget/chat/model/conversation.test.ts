import { describe, expect, it } from 'vitest'
import type { ConversationEntry } from '../../../../shared/widget-api'
import {
  type Conversation,
  type ConversationEvent,
  emptyConversation,
  messageState,
  reduce,
  WINDOW,
} from '../../../../widget/chat/model/conversation'
import type { OutboxItem } from '../../../../widget/chat/model/outbox-item'
import { newReplies, unreadReplies } from '../../../../widget/chat/model/unread'

// The conversation reducer without a DOM: sizes of real use, out-of-order and duplicate
// events, replay overlapping live entries, an identify merge, delivery transitions.

let at = 1_700_000_000_000
/** Entries with sequence ids like the backend's, in log order. */
function entries(from: number, count: number, overrides: Partial<ConversationEntry> = {}) {
  return Array.from(
    { length: count },
    (_, index): ConversationEntry => ({
      id: String(from + index),
      author: 'agent',
      content: { type: 'text', text: `reply ${from + index}` },
      at: at + (from + index) * 1000,
      ...overrides,
    }),
  )
}
const ids = (state: Conversation) => state.entries.map((entry) => entry.id)
const run = (events: ConversationEvent[], state = emptyConversation()) =>
  events.reduce(reduce, state)
function item(id: string, text = `text of ${id}`): OutboxItem {
  at += 1000
  return { id, text, at }
}

describe('entries', () => {
  it('keeps one entry per id, in time order, whatever the order and repeats of arrival', () => {
    const all = entries(1, 300)
    const shuffled = [...all, ...all.slice(100, 200)].sort(() => Math.random() - 0.5)
    let state = emptyConversation()
    for (let index = 0; index < shuffled.length; index += 7)
      state = reduce(state, { type: 'entries', entries: shuffled.slice(index, index + 7) })
    expect(ids(state)).toEqual(all.slice(-WINDOW).map((entry) => entry.id))
    expect(state.earlier).toBe(true)
  })

  it('keeps the newest 200 of a 1,000-entry replay and remembers the last id as the replay point', () => {
    const replay = entries(1, 1000)
    let state = emptyConversation()
    for (let index = 0; index < replay.length; index += 100)
      state = reduce(state, {
        type: 'entries',
        entries: replay.slice(index, index + 100),
        lastEventId: replay[index + 99]?.id,
      })
    expect(state.entries).toHaveLength(WINDOW)
    expect(state.entries[0]?.id).toBe('801')
    expect(state.lastEventId).toBe('1000')
  })

  it('overlapping replay and live entries show once; the same state object when nothing is new', () => {
    const live = reduce(emptyConversation(), { type: 'entries', entries: entries(1, 50) })
    const replayed = reduce(live, { type: 'entries', entries: entries(1, 60) })
    expect(ids(replayed)).toEqual(entries(1, 60).map((entry) => entry.id))
    expect(reduce(replayed, { type: 'entries', entries: entries(30, 10) })).toBe(replayed)
  })

  it('keeps the replay point when a POST answer adds entries', () => {
    const state = run([
      { type: 'entries', entries: entries(1, 3), lastEventId: '3' },
      { type: 'accepted', id: 'a'.repeat(24), entries: entries(4, 1), state: 'sent' },
    ])
    expect(state.lastEventId).toBe('3')
  })
})

describe('history pages', () => {
  const newest = () => run([{ type: 'entries', entries: entries(201, 200) }])

  it('prepends a page before the first entry and keeps it beyond the window', () => {
    const state = reduce(newest(), { type: 'history', before: '201', entries: entries(101, 100) })
    expect(state.entries).toHaveLength(300)
    expect(state.entries[0]?.id).toBe('101')
    // A live entry afterwards does not push the loaded page out.
    const live = reduce(state, { type: 'entries', entries: entries(401, 1) })
    expect(live.entries).toHaveLength(301)
  })

  it('an empty page means nothing earlier; a page for another first entry is ignored', () => {
    const state = newest()
    expect(reduce(state, { type: 'history', before: '201', entries: [] }).earlier).toBe(false)
    expect(reduce(state, { type: 'history', before: '5', entries: entries(1, 4) })).toBe(state)
  })

  it('a new visitor has nothing earlier', () => {
    expect(
      reduce(emptyConversation(), { type: 'history', before: undefined, entries: [] }).earlier,
    ).toBe(false)
  })
})

describe('one message lifecycle', () => {
  const id = 'c'.repeat(24)
  const own = (clientId = id, entryId = '10') =>
    entries(Number(entryId), 1, { author: 'visitor', clientId })

  it('queued, then the POST answer, then delivery events; final states are not undone by older news', () => {
    let state = reduce(emptyConversation(), { type: 'queue', item: item(id) })
    expect(messageState(state, id).state).toBe('queued')
    state = reduce(state, { type: 'accepted', id, entries: own(), state: 'pending' })
    expect(state.outbox).toEqual([])
    expect(messageState(state, id).state).toBe('pending')
    state = reduce(state, { type: 'delivery', clientId: id, delivery: { state: 'delayed' } })
    expect(messageState(state, id).state).toBe('delayed')
    state = reduce(state, { type: 'delivery', clientId: id, delivery: { state: 'sent' } })
    // A late "pending" (the answer of a slow POST) does not undo "sent".
    state = reduce(state, { type: 'delivery', clientId: id, delivery: { state: 'pending' } })
    expect(messageState(state, id).state).toBe('sent')
  })

  it('news that changes nothing shown leaves the state as it is (a stream open’s `sent` for every message sent after a wait)', () => {
    const sent = run([
      { type: 'queue', item: item(id) },
      { type: 'accepted', id, entries: own(), state: 'delayed' },
      { type: 'delivery', clientId: id, delivery: { state: 'sent' } },
    ])
    expect(messageState(sent, id).state).toBe('sent')
    // Sent here already, and sent messages this device never had news of: no new state
    // (nothing saved, rendered or synced to other tabs), no delivery record added.
    expect(reduce(sent, { type: 'delivery', clientId: id, delivery: { state: 'sent' } })).toBe(sent)
    const unknown = 'u'.repeat(24)
    expect(reduce(sent, { type: 'delivery', clientId: unknown, delivery: { state: 'sent' } })).toBe(
      sent,
    )
    const delayed = { state: 'delayed' as const, error: 'delayed' }
    const waiting = reduce(sent, { type: 'delivery', clientId: unknown, delivery: delayed })
    expect(reduce(waiting, { type: 'delivery', clientId: unknown, delivery: delayed })).toBe(
      waiting,
    )
    // Real news still lands: a message not known here reported pending, then sent.
    expect(messageState(waiting, unknown)).toEqual(delayed)
    const settled = reduce(waiting, {
      type: 'delivery',
      clientId: unknown,
      delivery: { state: 'sent' },
    })
    expect(messageState(settled, unknown).state).toBe('sent')
    expect(
      reduce(waiting, { type: 'delivery', clientId: unknown, delivery: { state: 'delayed' } }),
    ).not.toBe(waiting)
  })

  it('a delivery event that overtakes the POST answer wins', () => {
    const state = run([
      { type: 'queue', item: item(id) },
      { type: 'delivery', clientId: id, delivery: { state: 'failed', error: 'gave up' } },
      { type: 'accepted', id, entries: own(), state: 'pending' },
    ])
    expect(messageState(state, id)).toEqual({ state: 'failed', error: 'gave up' })
  })

  it('the parts of a split message share the message state', () => {
    const parts = [...own(`${id}-1`, '10'), ...own(`${id}-2`, '11')]
    const state = run([
      { type: 'queue', item: item(id) },
      { type: 'accepted', id, entries: parts, state: 'delayed' },
    ])
    expect(messageState(state, `${id}-2`).state).toBe('delayed')
  })

  it('the stream echo of a queued message takes it out of the outbox', () => {
    const state = run([
      { type: 'queue', item: item(id) },
      { type: 'entries', entries: own() },
    ])
    expect(state.outbox).toEqual([])
    expect(state.entries).toHaveLength(1)
  })

  it('"send now" queues a delayed message again under its id, its entries stay', () => {
    const state = run([
      { type: 'accepted', id, entries: own(), state: 'delayed' },
      { type: 'queue', item: item(id) },
    ])
    expect(state.entries).toHaveLength(1)
    expect(state.outbox.map((queued) => queued.id)).toEqual([id])
    expect(messageState(state, id).state).toBe('queued')
  })

  it('retry sends a failed message under a new id in place of the old one', () => {
    const again = item('d'.repeat(24), 'same text')
    const state = run([
      { type: 'accepted', id, entries: own(), state: 'pending' },
      { type: 'delivery', clientId: id, delivery: { state: 'failed' } },
      { type: 'queue', item: again, replaces: id },
    ])
    expect(state.entries).toEqual([])
    expect(state.outbox).toEqual([again])
    expect(messageState(state, again.id).state).toBe('queued')
  })

  it('keeps the deliveries of what stays in view only', () => {
    let state = run([
      { type: 'queue', item: item('q'.repeat(24)) },
      { type: 'accepted', id, entries: own(id, '1'), state: 'sent' },
    ])
    state = reduce(state, { type: 'entries', entries: entries(2, WINDOW) })
    expect(Object.keys(state.delivery)).toEqual(['q'.repeat(24)])
  })
})

describe('identify: the guest conversation merged into the user log', () => {
  it('keeps what was shown and replaces it by its copies (by client id, or author, time and content)', () => {
    const guest = [
      ...entries(1, 1, { author: 'visitor', clientId: 'g'.repeat(24) }),
      ...entries(2, 2),
    ]
    let state = run([
      { type: 'entries', entries: guest, lastEventId: '3' },
      { type: 'read', upTo: '3' },
    ])
    state = reduce(state, { type: 'restart' })
    expect(state.lastEventId).toBeUndefined()
    expect(ids(state)).toEqual(['1', '2', '3'])
    // The user's newest page: older user entries, then the guest's with new ids.
    const copies = guest.map((entry, index) => ({ ...entry, id: String(500 + index) }))
    const page = [...entries(400, 5, { at: 1 }), ...copies]
    state = reduce(state, { type: 'entries', entries: page, lastEventId: '502' })
    expect(ids(state)).toEqual(['400', '401', '402', '403', '404', '500', '501', '502'])
    expect(state.entries.map((entry) => entry.content)).toEqual(page.map((entry) => entry.content))
  })
})

describe('read marker and unread replies', () => {
  it('counts replies after the marker and after the customer’s own latest message', () => {
    let state = run([{ type: 'entries', entries: entries(1, 10) }])
    expect(unreadReplies(state)).toHaveLength(10)
    state = reduce(state, { type: 'read', upTo: '7' })
    expect(unreadReplies(state).map((entry) => entry.id)).toEqual(['8', '9', '10'])
    state = reduce(state, { type: 'entries', entries: entries(11, 1, { author: 'visitor' }) })
    expect(unreadReplies(state)).toEqual([])
  })

  it('the marker never moves back; Redis stream ids order numerically', () => {
    const state = run([
      { type: 'read', upTo: '1700000000000-10' },
      { type: 'read', upTo: '1700000000000-9' },
    ])
    expect(state.readUpTo).toBe('1700000000000-10')
    expect(reduce(state, { type: 'read', upTo: '1700000000001-0' }).readUpTo).toBe(
      '1700000000001-0',
    )
  })

  it('a second device: history before the marker is neither unread nor new; a live reply is', () => {
    const device = reduce(emptyConversation(), { type: 'read', upTo: '400' })
    const page = reduce(device, { type: 'entries', entries: entries(201, 200) })
    expect(unreadReplies(page)).toEqual([])
    expect(newReplies(device, page)).toEqual([])
    const live = reduce(page, { type: 'entries', entries: entries(401, 1) })
    expect(newReplies(page, live).map((entry) => entry.id)).toEqual(['401'])
  })

  it('an earlier page or copies from a merged log are not new', () => {
    const state = run([{ type: 'entries', entries: entries(101, 100) }])
    const earlier = reduce(state, { type: 'history', before: '101', entries: entries(1, 100) })
    expect(newReplies(state, earlier)).toEqual([])
  })
})

describe('another tab saved', () => {
  it('merges its entries, deliveries, outbox and marker without losing what only this tab has', () => {
    const mine = item('m'.repeat(24))
    const theirs = item('t'.repeat(24))
    const accepted = 'a'.repeat(24)
    const here = run([
      { type: 'entries', entries: entries(1, 5) },
      { type: 'queue', item: mine },
      { type: 'queue', item: item(accepted) },
    ])
    const there = run([
      { type: 'entries', entries: entries(1, 8) },
      { type: 'queue', item: theirs },
      {
        type: 'accepted',
        id: accepted,
        entries: entries(9, 1, { author: 'visitor', clientId: accepted }),
        state: 'pending',
      },
      { type: 'read', upTo: '6' },
    ])
    const merged = reduce(here, { type: 'stored', stored: there })
    expect(ids(merged)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'])
    expect(merged.outbox.map((queued) => queued.id)).toEqual([mine.id, theirs.id])
    expect(messageState(merged, accepted).state).toBe('pending')
    expect(merged.readUpTo).toBe('6')
  })
})
