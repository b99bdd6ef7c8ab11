import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseSse } from '../../../kit/sse'
import {
  createStreamHub,
  type OpenStream,
  type StreamHub,
  type StreamHubOptions,
} from '../../../server/events/stream-hub'
import { silentLogger } from '../../../server/logging/logger'
import { readMarkerKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createEntry } from '../support/conformance'
import { asResponse, createFakeResponse, type FakeResponse } from '../support/fake-response'

const IP = '203.0.113.7'

let hub: StreamHub | undefined

/** A hub that logs nothing and sends no heartbeat within a test. */
const QUIET = { logger: silentLogger, heartbeatMs: 60_000 }

/** The hub under test (closed after each test), on a memory store unless given one. */
function startHub(options: Partial<StreamHubOptions> = {}): StreamHub {
  hub = createStreamHub({ store: createMemoryStore(), ...QUIET, ...options })
  return hub
}

function openTab(
  target: StreamHub,
  res: FakeResponse,
  options: Partial<Omit<OpenStream, 'res'>> = {},
) {
  return target.open({
    visitorId: options.visitorId ?? 'v1',
    res: asResponse(res),
    lastEventId: options.lastEventId,
    ip: options.ip ?? IP,
    headers: options.headers ?? {},
  })
}

/** The ids of the `message` events written to `res`, in order. */
const writtenIds = (res: FakeResponse) =>
  parseSse(res.chunks.join(''))
    .filter((event) => event.event === 'message')
    .map((event) => event.id)

async function appendTexts(store: Store, visitorId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const { entry } = await store.append(
      visitorId,
      createEntry({ content: { type: 'text', text: `m${i}` } }),
    )
    ids.push(entry.id)
  }
  return ids
}
afterEach(() => {
  hub?.close()
  vi.useRealTimers()
})

describe('stream hub', () => {
  it('writes SSE headers, the retry hint and the replay after the last event id', async () => {
    const store = createMemoryStore()
    const first = await store.append('v1', createEntry())
    const second = await store.append(
      'v1',
      createEntry({ content: { type: 'text', text: 'second' } }),
    )
    const hub = startHub({ store })
    const res = createFakeResponse()
    await openTab(hub, res, { lastEventId: first.entry.id, headers: { 'x-extra': '1' } })
    expect(res.status).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'x-accel-buffering': 'no',
      'x-extra': '1',
    })
    expect(res.chunks).toEqual([
      'retry: 3000\n: connected\n\n',
      `id: ${second.entry.id}\nevent: message\ndata: ${JSON.stringify(second.entry)}\n\n`,
    ])
  })

  it('fans one store subscription out to every tab of the visitor, and only theirs', async () => {
    const store = createMemoryStore()
    const subscribe = vi.spyOn(store, 'subscribe')
    const hub = startHub({ store })
    const tabs = [createFakeResponse(), createFakeResponse()]
    const other = createFakeResponse()
    for (const tab of tabs) await openTab(hub, tab)
    await openTab(hub, other, { visitorId: 'v2' })
    expect(subscribe).toHaveBeenCalledTimes(2)
    await store.publish('v1', { event: 'typing', data: { typing: true } })
    for (const tab of tabs)
      expect(tab.chunks.at(-1)).toBe('event: typing\ndata: {"typing":true}\n\n')
    expect(other.chunks).toEqual(['retry: 3000\n: connected\n\n'])
  })

  it('cleans up in one place: the last tab leaving ends the store subscription', async () => {
    const store = createMemoryStore()
    const unsubscribe = vi.fn()
    vi.spyOn(store, 'subscribe').mockReturnValue(unsubscribe)
    const hub = startHub({ store })
    const a = createFakeResponse()
    const b = createFakeResponse()
    await openTab(hub, a)
    await openTab(hub, b)
    a.destroy()
    expect(unsubscribe).not.toHaveBeenCalled()
    b.destroy()
    b.destroy()
    expect(unsubscribe).toHaveBeenCalledTimes(1)
    expect(hub.count()).toBe(0)
  })

  it('sends heartbeats from one shared timer', async () => {
    vi.useFakeTimers()
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval')
    const hub = startHub({ heartbeatMs: 1000 })
    const tabs = [createFakeResponse(), createFakeResponse(), createFakeResponse()]
    for (const [i, tab] of tabs.entries()) await openTab(hub, tab, { visitorId: `v${i}` })
    expect(setIntervalSpy).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    for (const tab of tabs) expect(tab.chunks.at(-1)).toBe(': ping\n\n')
  })

  it('writes a broadcast (and the heartbeat) a slice of streams per event-loop turn', async () => {
    const hub = startHub({ writeSlice: 2 })
    const tabs = Array.from({ length: 5 }, () => createFakeResponse())
    for (const [i, tab] of tabs.entries()) await openTab(hub, tab, { visitorId: `v${i}` })
    const chunk = 'event: status\ndata: {"online":true}\n\n'
    const written = () => tabs.filter((tab) => tab.chunks.includes(chunk)).length
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve))
    hub.broadcast('status', { online: true })
    // Other work (a webhook, a delivery) gets the event loop between the slices.
    expect(written()).toBe(2)
    await nextTurn()
    expect(written()).toBe(4)
    await nextTurn()
    expect(written()).toBe(5)
    for (const tab of tabs) expect(tab.chunks.filter((c) => c === chunk)).toHaveLength(1)
  })

  it('delivers an entry appended during the replay exactly once', async () => {
    const store = createMemoryStore()
    for (let i = 0; i < 3; i++) await store.append('v1', createEntry())
    const readAfter = store.readAfter.bind(store)
    let injected = false
    vi.spyOn(store, 'readAfter').mockImplementation(async (visitorId, after, limit) => {
      if (!injected) {
        injected = true
        await store.append('v1', createEntry({ content: { type: 'text', text: 'during replay' } }))
      }
      return readAfter(visitorId, after, limit)
    })
    const hub = startHub({ store })
    const res = createFakeResponse()
    await openTab(hub, res)
    const ids = writtenIds(res)
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
  })

  it('closes a visitor’s oldest stream beyond the per-visitor limit', async () => {
    const hub = startHub({ maxPerVisitor: 2 })
    const tabs = [createFakeResponse(), createFakeResponse(), createFakeResponse()]
    for (const tab of tabs) await openTab(hub, tab)
    expect(tabs.map((tab) => tab.destroyed)).toEqual([true, false, false])
    expect(hub.count()).toBe(2)
  })

  it('ends every stream on close and refuses new ones', async () => {
    const hub = startHub()
    const res = createFakeResponse()
    await openTab(hub, res)
    hub.close()
    expect(res.writableEnded).toBe(true)
    const late = createFakeResponse()
    await openTab(hub, late)
    expect(late.status).toBe(503)
  })

  it('starts a first connection (no Last-Event-ID) at the newest 200 entries', async () => {
    const store = createMemoryStore()
    const ids = await appendTexts(store, 'v1', 450)
    const hub = startHub({ store })
    const res = createFakeResponse()
    await openTab(hub, res)
    expect(writtenIds(res)).toEqual(ids.slice(250))
  })

  it('replays everything after a Last-Event-ID however long, in order and once', async () => {
    const store = createMemoryStore()
    const ids = await appendTexts(store, 'v1', 1_500)
    const hub = startHub({ store })
    const res = createFakeResponse()
    await openTab(hub, res, { lastEventId: ids[99] })
    expect(writtenIds(res)).toEqual(ids.slice(100))
  })

  it('waits for a full client instead of dropping it, and keeps serving the others', async () => {
    const store = createMemoryStore()
    const hub = startHub({ store })
    const slow = createFakeResponse({ full: true })
    const fast = createFakeResponse()
    // Its preamble filled the socket: the replay waits for drain.
    const opening = openTab(hub, slow)
    await openTab(hub, fast)
    const { entry } = await store.append('v1', createEntry())
    expect(fast.chunks.at(-1)).toContain(`id: ${entry.id}\n`)
    expect(slow.destroyed).toBe(false)
    expect(writtenIds(slow)).toEqual([])
    expect(hub.count()).toBe(2)
    slow.drain()
    await opening
    expect(writtenIds(slow)).toEqual([entry.id])
  })

  it('bounds what tabs that never read hold all together, closing the ones furthest behind', async () => {
    const store = createMemoryStore()
    const hub = startHub({ store, maxTotalQueuedBytes: 20_000 })
    const tabs: FakeResponse[] = []
    for (let i = 0; i < 10; i++) {
      const tab = createFakeResponse()
      await openTab(hub, tab)
      tab.full = true
      tabs.push(tab)
    }
    // The visitor's own messages, echoed to every tab; none of them reads.
    for (let i = 0; i < 20; i++) {
      await store.append('v1', createEntry({ content: { type: 'text', text: 'x'.repeat(500) } }))
      expect(hub.queuedBytes()).toBeLessThanOrEqual(20_000)
    }
    const closed = tabs.filter((tab) => tab.destroyed).length
    expect(closed).toBeGreaterThan(0)
    expect(hub.count()).toBe(10 - closed)
    // Tabs the client closes give back what they held.
    for (const tab of tabs) tab.destroy()
    expect(hub.queuedBytes()).toBe(0)
  })

  it('sends the read marker right after the preamble, before the replay, and every move live', async () => {
    const store = createMemoryStore()
    const ids = await appendTexts(store, 'v1', 3)
    await store.setRecord(readMarkerKey('v1'), { upTo: ids[1] })
    const hub = startHub({ store })
    const res = createFakeResponse()
    const none = createFakeResponse()
    await openTab(hub, res)
    await openTab(hub, none, { visitorId: 'v2' })
    expect(res.chunks.slice(0, 2)).toEqual([
      'retry: 3000\n: connected\n\n',
      `event: read\ndata: {"upTo":"${ids[1]}"}\n\n`,
    ])
    expect(writtenIds(res)).toEqual(ids)
    expect(none.chunks.join('')).not.toContain('event: read')
    await store.publish('v1', { event: 'read', data: { upTo: ids[2] ?? '' } })
    expect(res.chunks.at(-1)).toBe(`event: read\ndata: {"upTo":"${ids[2]}"}\n\n`)
  })

  it('ignores a damaged read marker record', async () => {
    const store = createMemoryStore()
    await store.setRecord(readMarkerKey('v1'), { upTo: 'not an id' })
    const hub = startHub({ store })
    const res = createFakeResponse()
    await openTab(hub, res)
    expect(res.chunks).toEqual(['retry: 3000\n: connected\n\n'])
  })

  it('counts streams per address and per instance exactly, closed ones included', async () => {
    const hub = startHub({ maxStreamsPerIp: 2, maxStreams: 3 })
    const a = [createFakeResponse(), createFakeResponse()]
    for (const [i, res] of a.entries()) {
      expect(hub.refusal('198.51.100.1')).toBeUndefined()
      await openTab(hub, res, { visitorId: `a${i}`, ip: '198.51.100.1' })
    }
    expect(hub.refusal('198.51.100.1')).toBe('address')
    expect(hub.refusal('198.51.100.2')).toBeUndefined()
    await openTab(hub, createFakeResponse(), { visitorId: 'b', ip: '198.51.100.2' })
    expect(hub.refusal('198.51.100.3')).toBe('instance')
    a[0]?.destroy()
    // A stream closed twice is counted once.
    a[0]?.destroy()
    expect(hub.count()).toBe(2)
    expect(hub.refusal('198.51.100.1')).toBeUndefined()
    expect(hub.refusal('198.51.100.3')).toBeUndefined()
  })
})
