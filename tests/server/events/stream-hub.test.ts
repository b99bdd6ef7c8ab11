import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStreamHub, type StreamHub } from '../../../server/events/stream-hub'
import { silentLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createEntry } from '../store/conformance'

/** A ServerResponse stand-in: records writes; `full` makes write() report a full buffer. */
function createFakeResponse(options: { full?: boolean } = {}) {
  const emitter = new EventEmitter()
  const res = Object.assign(emitter, {
    chunks: [] as string[],
    status: 0,
    headers: {} as Record<string, string>,
    destroyed: false,
    writableEnded: false,
    socket: null,
    writeHead(status: number, headers: Record<string, string>) {
      res.status = status
      res.headers = headers
      return res
    },
    write(chunk: string) {
      res.chunks.push(chunk)
      return !options.full
    },
    end() {
      res.writableEnded = true
      emitter.emit('close')
    },
    destroy() {
      res.destroyed = true
      emitter.emit('close')
    },
  })
  return res
}
type FakeResponse = ReturnType<typeof createFakeResponse>
const asResponse = (res: FakeResponse) => res as unknown as ServerResponse

let hub: StreamHub | undefined
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
    hub = createStreamHub({ store, logger: silentLogger, heartbeatMs: 60_000 })
    const res = createFakeResponse()
    await hub.open({
      visitorId: 'v1',
      res: asResponse(res),
      lastEventId: first.entry.id,
      headers: { 'x-extra': '1' },
    })
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
    hub = createStreamHub({ store, logger: silentLogger, heartbeatMs: 60_000 })
    const tabs = [createFakeResponse(), createFakeResponse()]
    const other = createFakeResponse()
    for (const tab of tabs)
      await hub.open({ visitorId: 'v1', res: asResponse(tab), lastEventId: undefined, headers: {} })
    await hub.open({ visitorId: 'v2', res: asResponse(other), lastEventId: undefined, headers: {} })
    expect(subscribe).toHaveBeenCalledTimes(2)
    await store.publish('v1', { event: 'typing', data: { typing: true } })
    for (const tab of tabs)
      expect(tab.chunks.at(-1)).toBe('event: typing\ndata: {"typing":true}\n\n')
    expect(other.chunks).toEqual(['retry: 3000\n: connected\n\n'])
  })

  it('drops a client whose buffer is full instead of queueing, and keeps serving the others', async () => {
    const store = createMemoryStore()
    hub = createStreamHub({ store, logger: silentLogger, heartbeatMs: 60_000 })
    const slow = createFakeResponse({ full: true })
    const fast = createFakeResponse()
    await hub.open({ visitorId: 'v1', res: asResponse(slow), lastEventId: undefined, headers: {} })
    await hub.open({ visitorId: 'v1', res: asResponse(fast), lastEventId: undefined, headers: {} })
    expect(slow.destroyed).toBe(true)
    expect(hub.count()).toBe(1)
    const { entry } = await store.append('v1', createEntry())
    expect(fast.chunks.at(-1)).toContain(`id: ${entry.id}\n`)
    expect(slow.chunks).toHaveLength(1)
  })

  it('cleans up in one place: the last tab leaving ends the store subscription', async () => {
    const store = createMemoryStore()
    const unsubscribe = vi.fn()
    vi.spyOn(store, 'subscribe').mockReturnValue(unsubscribe)
    hub = createStreamHub({ store, logger: silentLogger, heartbeatMs: 60_000 })
    const a = createFakeResponse()
    const b = createFakeResponse()
    await hub.open({ visitorId: 'v1', res: asResponse(a), lastEventId: undefined, headers: {} })
    await hub.open({ visitorId: 'v1', res: asResponse(b), lastEventId: undefined, headers: {} })
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
    hub = createStreamHub({ store: createMemoryStore(), logger: silentLogger, heartbeatMs: 1000 })
    const tabs = [createFakeResponse(), createFakeResponse(), createFakeResponse()]
    for (const [i, tab] of tabs.entries())
      await hub.open({
        visitorId: `v${i}`,
        res: asResponse(tab),
        lastEventId: undefined,
        headers: {},
      })
    expect(setIntervalSpy).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    for (const tab of tabs) expect(tab.chunks.at(-1)).toBe(': ping\n\n')
  })

  it('writes a broadcast (and the heartbeat) a slice of streams per event-loop turn', async () => {
    hub = createStreamHub({
      store: createMemoryStore(),
      logger: silentLogger,
      heartbeatMs: 60_000,
      writeSlice: 2,
    })
    const tabs = Array.from({ length: 5 }, () => createFakeResponse())
    for (const [i, tab] of tabs.entries())
      await hub.open({
        visitorId: `v${i}`,
        res: asResponse(tab),
        lastEventId: undefined,
        headers: {},
      })
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
    hub = createStreamHub({ store, logger: silentLogger, heartbeatMs: 60_000 })
    const res = createFakeResponse()
    await hub.open({ visitorId: 'v1', res: asResponse(res), lastEventId: undefined, headers: {} })
    const ids = res.chunks.filter((c) => c.startsWith('id: ')).map((c) => c.split('\n')[0])
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
  })

  it('closes a visitor’s oldest stream beyond the per-visitor limit', async () => {
    hub = createStreamHub({
      store: createMemoryStore(),
      logger: silentLogger,
      heartbeatMs: 60_000,
      maxPerVisitor: 2,
    })
    const tabs = [createFakeResponse(), createFakeResponse(), createFakeResponse()]
    for (const tab of tabs)
      await hub.open({ visitorId: 'v1', res: asResponse(tab), lastEventId: undefined, headers: {} })
    expect(tabs.map((tab) => tab.destroyed)).toEqual([true, false, false])
    expect(hub.count()).toBe(2)
  })

  it('ends every stream on close and refuses new ones', async () => {
    hub = createStreamHub({ store: createMemoryStore(), logger: silentLogger, heartbeatMs: 60_000 })
    const res = createFakeResponse()
    await hub.open({ visitorId: 'v1', res: asResponse(res), lastEventId: undefined, headers: {} })
    hub.close()
    expect(res.writableEnded).toBe(true)
    const late = createFakeResponse()
    await hub.open({ visitorId: 'v1', res: asResponse(late), lastEventId: undefined, headers: {} })
    expect(late.status).toBe(503)
  })
})
