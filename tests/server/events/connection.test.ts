import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type BackpressureOptions,
  type Connection,
  createStreamWriter,
} from '../../../server/events/connection'
import { createWireFrame } from '../../../server/events/wire-frame'
import { asResponse, createFakeResponse, type FakeResponse } from '../support/fake-response'

function setup(overrides: Partial<BackpressureOptions> = {}) {
  const dropped: string[] = []
  const writer = createStreamWriter({
    drainTimeoutMs: 30_000,
    maxQueuedEvents: 100,
    maxQueuedBytes: 1_000_000,
    compareIds: (a, b) => Number(a) - Number(b),
    onDropped: (_conn, reason) => dropped.push(reason),
    ...overrides,
  })
  return { writer, dropped }
}

function connect(res: FakeResponse): Connection {
  return {
    res: asResponse(res),
    visitorId: 'v1',
    ip: '198.51.100.1',
    busy: undefined,
    lastEntryId: undefined,
  }
}

/** A writer with one connection whose replay has begun. */
function replaying() {
  const { writer } = setup()
  const res = createFakeResponse()
  const conn = connect(res)
  writer.beginReplay(conn)
  return { writer, res, conn }
}

const entry = (id: number) => ({ id: String(id), chunk: `id: ${id}\n\n` })
const transient = (name: string) => ({ id: undefined, chunk: `event: ${name}\n\n` })
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

afterEach(() => {
  vi.useRealTimers()
})

describe('stream writer', () => {
  it('writes an entry delivered twice once, and nothing older than what the stream took', async () => {
    const { writer, res, conn } = replaying()
    writer.send(conn, entry(21))
    writer.send(conn, entry(21))
    await writer.endReplay(conn, '20')
    writer.send(conn, entry(21))
    writer.send(conn, entry(19))
    writer.send(conn, entry(22))
    expect(res.chunks).toEqual(['id: 21\n\n', 'id: 22\n\n'])
  })

  it('waits for drain when the socket is full, queues live events in order, then goes idle', async () => {
    const { writer, dropped } = setup()
    const res = createFakeResponse()
    const conn = connect(res)
    res.full = true
    writer.send(conn, entry(1))
    writer.send(conn, transient('typing'))
    writer.send(conn, entry(2))
    // Only the write that found the socket full went out; the rest wait.
    expect(res.chunks).toEqual(['id: 1\n\n'])
    expect(res.destroyed).toBe(false)
    res.drain()
    await nextTurn()
    expect(res.chunks).toEqual(['id: 1\n\n', 'event: typing\n\n', 'id: 2\n\n'])
    // Live and idle again: no queue, no listener, no timer left on the stream.
    expect(conn.busy).toBeUndefined()
    expect(res.listenerCount('drain')).toBe(0)
    expect(res.listenerCount('close')).toBe(0)
    writer.send(conn, entry(3))
    expect(res.chunks.at(-1)).toBe('id: 3\n\n')
    expect(dropped).toEqual([])
  })

  it('keeps waiting when the socket fills again while the queue is written', async () => {
    const { writer } = setup()
    const res = createFakeResponse({ full: true })
    const conn = connect(res)
    writer.send(conn, entry(1))
    for (let id = 2; id <= 5; id++) writer.send(conn, entry(id))
    // The first queued write fills it again.
    res.emit('drain')
    await nextTurn()
    expect(res.chunks).toEqual(['id: 1\n\n', 'id: 2\n\n'])
    writer.send(conn, entry(6))
    res.drain()
    await nextTurn()
    expect(res.chunks.map((c) => c.split('\n')[0])).toEqual(
      ['1', '2', '3', '4', '5', '6'].map((id) => `id: ${id}`),
    )
    expect(conn.busy).toBeUndefined()
  })

  it('skips heartbeats and broadcasts to a stream waiting for drain instead of queueing them', async () => {
    const { writer } = setup()
    const res = createFakeResponse()
    const conn = connect(res)
    writer.offer(conn, createWireFrame(': ping\n\n'))
    res.full = true
    writer.offer(conn, createWireFrame(': ping\n\n'))
    writer.offer(conn, createWireFrame('event: status\n\n'))
    writer.offer(conn, createWireFrame(': ping\n\n'))
    expect(res.chunks).toEqual([': ping\n\n', ': ping\n\n'])
    res.drain()
    await nextTurn()
    expect(res.chunks).toEqual([': ping\n\n', ': ping\n\n'])
    writer.offer(conn, createWireFrame(': ping\n\n'))
    expect(res.chunks).toHaveLength(3)
  })

  it('ends a client that reads nothing for the drain timeout, and only then', async () => {
    vi.useFakeTimers()
    const { writer, dropped } = setup({ drainTimeoutMs: 30_000 })
    const slow = createFakeResponse({ full: true })
    const dead = createFakeResponse({ full: true })
    const slowConn = connect(slow)
    writer.send(slowConn, entry(1))
    writer.send(connect(dead), entry(1))
    await vi.advanceTimersByTimeAsync(29_000)
    expect(dead.destroyed).toBe(false)
    slow.drain()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(dead.destroyed).toBe(true)
    expect(dropped).toEqual(['drain_timeout'])
    // The slow one drained in time: its timer is gone with its wait.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(slow.destroyed).toBe(false)
    expect(slowConn.busy).toBeUndefined()
  })

  it('closes a stream whose queue passes the event bound, so it resumes from its Last-Event-ID', () => {
    const { writer, dropped } = setup({ maxQueuedEvents: 3 })
    const res = createFakeResponse({ full: true })
    const conn = connect(res)
    writer.send(conn, entry(1))
    for (let id = 2; id <= 4; id++) writer.send(conn, entry(id))
    expect(res.destroyed).toBe(false)
    writer.send(conn, entry(5))
    expect(res.destroyed).toBe(true)
    expect(dropped).toEqual(['queue_full'])
    writer.send(conn, entry(6))
    expect(res.chunks).toEqual(['id: 1\n\n'])
  })

  it('closes a stream whose queue passes the byte bound', () => {
    const { writer, dropped } = setup({ maxQueuedBytes: 100 })
    const res = createFakeResponse({ full: true })
    const conn = connect(res)
    writer.send(conn, entry(1))
    writer.send(conn, { id: '2', chunk: 'x'.repeat(60) })
    expect(res.destroyed).toBe(false)
    writer.send(conn, { id: '3', chunk: 'x'.repeat(60) })
    expect(res.destroyed).toBe(true)
    expect(dropped).toEqual(['queue_full'])
  })

  it('closes the streams furthest behind when all queues together pass the total budget', () => {
    const { writer, dropped } = setup({ maxTotalQueuedBytes: 150 })
    const [a, b, c] = [0, 1, 2].map(() => createFakeResponse({ full: true }))
    const [ca, cb, cc] = [a, b, c].map((res) => connect(res as FakeResponse)) as Connection[]
    for (const conn of [ca, cb, cc]) writer.send(conn as Connection, entry(1))
    writer.send(ca as Connection, { id: '2', chunk: 'a'.repeat(100) })
    writer.send(cb as Connection, { id: '2', chunk: 'b'.repeat(40) })
    expect(writer.queuedBytes()).toBe(140)
    expect(dropped).toEqual([])
    // 30 more passes 150: the stream holding the most (a) goes, the others stay.
    writer.send(cc as Connection, { id: '2', chunk: 'c'.repeat(30) })
    expect(dropped).toEqual(['buffer_budget'])
    expect([a?.destroyed, b?.destroyed, c?.destroyed]).toEqual([true, false, false])
    expect(writer.queuedBytes()).toBe(70)
  })

  it('counts what the kernel holds for a full socket, so streams that never read are bounded too', () => {
    const { writer, dropped } = setup({ maxTotalQueuedBytes: 1000 })
    // Written, and no further: the client reads nothing and the socket is full.
    const withSocket = (bytesWritten: number) => {
      const res = createFakeResponse({ full: true })
      // A socket is an emitter: a waiting stream also listens for its 'drain'.
      Object.defineProperty(res, 'socket', {
        value: Object.assign(new EventEmitter(), { bytesWritten }),
      })
      return res
    }
    const heavy = withSocket(600)
    const light = withSocket(500)
    writer.send(connect(heavy), entry(1))
    expect(writer.queuedBytes()).toBe(600)
    expect(dropped).toEqual([])
    writer.send(connect(light), entry(1))
    expect(dropped).toEqual(['buffer_budget'])
    expect([heavy.destroyed, light.destroyed]).toEqual([true, false])
    expect(writer.queuedBytes()).toBe(500)
  })

  it('gives the budget back when a stream drains or ends', async () => {
    const { writer } = setup({ maxTotalQueuedBytes: 1000 })
    const drains = createFakeResponse({ full: true })
    const leaves = createFakeResponse({ full: true })
    const first = connect(drains)
    const second = connect(leaves)
    writer.send(first, entry(1))
    writer.send(second, entry(1))
    writer.send(first, { id: '2', chunk: 'x'.repeat(300) })
    writer.send(second, { id: '2', chunk: 'y'.repeat(200) })
    expect(writer.queuedBytes()).toBe(500)
    drains.drain()
    await nextTurn()
    expect(writer.queuedBytes()).toBe(200)
    leaves.destroy()
    writer.release(second)
    expect(writer.queuedBytes()).toBe(0)
  })

  it('pauses a replay until drain, then writes queued events after it, skipping entries it wrote', async () => {
    const { writer, res, conn } = replaying()
    writer.send(conn, entry(2))
    writer.send(conn, transient('read'))
    expect(await writer.replayWrite(conn, 'id: 1\n\n')).toBe(true)
    res.full = true
    let resumed = false
    const second = writer.replayWrite(conn, 'id: 2\n\n').then((alive) => {
      resumed = alive
    })
    writer.send(conn, entry(3))
    await nextTurn()
    expect(resumed).toBe(false)
    res.drain()
    await second
    expect(resumed).toBe(true)
    await writer.endReplay(conn, '2')
    expect(res.chunks).toEqual(['id: 1\n\n', 'id: 2\n\n', 'event: read\n\n', 'id: 3\n\n'])
    expect(conn.busy).toBeUndefined()
  })

  it('stops a replay when the client goes away while it waits', async () => {
    const { writer } = setup()
    const res = createFakeResponse({ full: true })
    const conn = connect(res)
    writer.beginReplay(conn)
    const waiting = writer.replayWrite(conn, 'id: 1\n\n')
    res.destroy()
    expect(await waiting).toBe(false)
    expect(await writer.replayWrite(conn, 'id: 2\n\n')).toBe(false)
    expect(res.chunks).toEqual(['id: 1\n\n'])
  })
})
