import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createStreamHub,
  type StreamHub,
  type StreamHubOptions,
} from '../../../server/events/stream-hub'
import { silentLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createEntry } from '../support/conformance'
import { openSlowSse } from '../support/slow-sse-client'

// The stream hub over a real socket with readers slower than the writer: nothing may be
// cut, repeated or reordered, however long the replay.

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function eventually<T>(check: () => T, timeout = 20_000) {
  return vi.waitFor(check, { timeout, interval: 20 })
}

/** A node:http server whose every request is a stream of visitor v1; counts drain waits. */
async function serve(store: Store, options: Partial<StreamHubOptions> = {}) {
  const hub: StreamHub = createStreamHub({
    store,
    logger: silentLogger,
    heartbeatMs: 60_000,
    ...options,
  })
  const stats = { drains: 0 }
  const server: Server = createServer((req, res) => {
    res.on('drain', () => {
      stats.drains += 1
    })
    const lastEventId = req.headers['last-event-id']
    void hub.open({
      visitorId: 'v1',
      res,
      lastEventId: typeof lastEventId === 'string' ? lastEventId : undefined,
      ip: '127.0.0.1',
      headers: {},
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise((resolve) => {
        hub.close()
        server.closeAllConnections()
        server.close(resolve)
      }),
  )
  const { port } = server.address() as AddressInfo
  return { hub, stats, url: `http://127.0.0.1:${port}/` }
}

/** `count` entries of about 900 characters each: 10,000 of them are ~10 MB on the wire. */
async function appendLarge(store: Store, count: number, label: string): Promise<string[]> {
  const ids: string[] = []
  const padding = 'x'.repeat(880)
  for (let i = 0; i < count; i++) {
    const text = `${label}${i} ${padding}`
    ids.push((await store.append('v1', createEntry({ content: { type: 'text', text } }))).entry.id)
  }
  return ids
}

describe('stream hub over a real socket, slow readers', () => {
  it('completes a 10,000-entry replay to a slow reader; a live event sent meanwhile comes after it, once', async () => {
    const store = createMemoryStore()
    const [before = ''] = await appendLarge(store, 1, 'before')
    const ids = await appendLarge(store, 10_000, 'm')
    const { stats, hub, url } = await serve(store)
    const client = openSlowSse(url, {
      headers: { 'last-event-id': before },
      startDelayMs: 200,
    })
    cleanups.push(client.close)
    await client.ready
    await eventually(() => expect(client.ids().length).toBeGreaterThan(500))
    expect(client.ids().length).toBeLessThan(10_000)
    const { entry: live } = await store.append(
      'v1',
      createEntry({ content: { type: 'text', text: 'live during the replay' } }),
    )
    await store.publish('v1', { event: 'typing', data: { typing: true } })
    await eventually(() => expect(client.ids().length).toBe(10_001))
    expect(client.ids()).toEqual([...ids, live.id])
    expect(client.events.at(-1)).toMatchObject({ event: 'typing' })
    // The socket did fill: the server waited for the reader rather than cutting it off.
    expect(stats.drains).toBeGreaterThan(0)
    expect(client.state.ended).toBe(false)
    expect(hub.count()).toBe(1)
  }, 60_000)

  it('ends a client that reads nothing for the drain timeout', async () => {
    const store = createMemoryStore()
    await appendLarge(store, 10_000, 'm')
    const { hub, url } = await serve(store, { drainTimeoutMs: 300 })
    const client = openSlowSse(url, { headers: { 'last-event-id': '1' } })
    client.state.paused = true
    cleanups.push(client.close)
    await client.ready
    await eventually(() => expect(hub.count()).toBe(1))
    // The server gives up on it (the client, not reading, cannot even see the close).
    await eventually(() => expect(hub.count()).toBe(0))
  }, 30_000)

  it('closes a client that falls too far behind; it resumes from its Last-Event-ID with nothing lost', async () => {
    const store = createMemoryStore()
    const { hub, url } = await serve(store, { maxQueuedEvents: 200 })
    const first = openSlowSse(url)
    cleanups.push(first.close)
    await first.ready
    const early = await appendLarge(store, 100, 'early')
    await eventually(() => expect(first.ids()).toEqual(early))
    // A frozen tab while agents write 3,000 large messages: its socket fills, the queue overflows.
    first.state.paused = true
    const ids = [...early, ...(await appendLarge(store, 3_000, 'burst'))]
    await eventually(() => expect(hub.count()).toBe(0))
    const seen = first.ids()
    expect(seen).toEqual(ids.slice(0, seen.length))
    expect(seen.length).toBeLessThan(ids.length)
    const again = openSlowSse(url, { headers: { 'last-event-id': first.lastId() ?? '' } })
    cleanups.push(again.close)
    await again.ready
    // The first connection's newest page would be only 200; a Last-Event-ID brings the rest.
    await eventually(() => expect([...seen, ...again.ids()]).toEqual(ids))
  }, 60_000)
})
