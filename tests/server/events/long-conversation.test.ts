import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HistoryResponse } from '../../../shared/widget-api'
import { TEST_WEBHOOK_SECRET } from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import { createEntry } from '../support/conformance'
import { newVisitor } from '../support/new-visitor'
import { openSse, type SseConnection } from '../support/sse-client'
import { startTestServer, type TestServer } from '../support/test-server'

// Long conversations through the whole backend on its default store (sqlite): the
// cases that used to lose everything past the first ~16 KB of a replay.

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function eventually<T>(check: () => T | Promise<T>) {
  return vi.waitFor(check, { timeout: 20_000, interval: 25 })
}

async function start(): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-long-'))
  const server = await startTestServer({ env: { STORE_URL: `sqlite:${join(dir, 'p.db')}` } })
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  cleanups.push(() => server.close())
  return server
}

function connect(server: TestServer, token: string, headers: Record<string, string> = {}) {
  const sse = openSse(`${server.url}/api/events`, { authorization: `Bearer ${token}`, ...headers })
  cleanups.push(() => sse.close())
  return sse
}

/** `count` entries of ~300 characters, appended in one tick (one sqlite transaction). */
async function appendMany(server: TestServer, visitorId: string, count: number) {
  const text = (i: number) => `message ${i} ${'·'.repeat(280)}`
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      server.store.append(visitorId, createEntry({ content: { type: 'text', text: text(i) } })),
    ),
  )
  return results.map((r) => r.entry.id)
}

const messageIds = (sse: SseConnection) =>
  sse.events.filter((e) => e.event === 'message').map((e) => e.id)

async function historyPage(server: TestServer, token: string, before: string) {
  const res = await fetch(`${server.url}/api/history?before=${before}&limit=200`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return HistoryResponse.parse(await res.json()).entries.map((e) => e.id)
}

/** A server and a new visitor on it with `count` entries already stored. */
async function visitorWith(count: number) {
  const server = await start()
  const { token, visitorId } = await newVisitor(server)
  return { server, token, visitorId, ids: await appendMany(server, visitorId, count) }
}

describe('long conversations over the whole backend', () => {
  it('a visitor with 900 entries: the newest 200 first, the rest through history, everything after a Last-Event-ID', async () => {
    const { server, token, ids } = await visitorWith(900)

    const fresh = connect(server, token)
    await eventually(() => expect(messageIds(fresh)).toHaveLength(200))
    expect(messageIds(fresh)).toEqual(ids.slice(700))

    const earlier: string[] = []
    let before = ids[700] ?? ''
    for (;;) {
      const page = await historyPage(server, token, before)
      if (page.length === 0) break
      earlier.unshift(...page)
      before = page[0] ?? ''
    }
    expect(earlier).toEqual(ids.slice(0, 700))

    // A second browser that has only the first entry.
    const resumed = connect(server, token, { 'last-event-id': ids[0] ?? '' })
    await eventually(() => expect(messageIds(resumed)).toHaveLength(899))
    expect(messageIds(resumed)).toEqual(ids.slice(1))
  })

  it('a burst of 400 agent messages into an open chat arrives whole, and so does a reload after it', async () => {
    const server = await start()
    const { token, visitorId } = await newVisitor(server)
    const open = connect(server, token)
    await eventually(() => expect(open.comments).toContain('connected'))
    for (let from = 0; from < 400; from += 50) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const body = createAgentMessage({
            recipientId: visitorId,
            message: { text: `burst ${from + i}` },
          })
          const res = await fetch(`${server.url}/hooks/${TEST_WEBHOOK_SECRET}/chan42`, {
            method: 'POST',
            body: JSON.stringify(body),
          })
          expect(await res.json()).toEqual({ result: 'ok' })
        }),
      )
    }
    await eventually(() => expect(messageIds(open)).toHaveLength(400))
    const stored = (await server.store.readAfter(visitorId, undefined, 1000)).map((e) => e.id)
    expect(messageIds(open)).toEqual(stored)
    // A reload that had seen only 5 of them gets the other 395.
    const reload = openSse(`${server.url}/api/events?lastEventId=${stored[4]}`, {
      authorization: `Bearer ${token}`,
    })
    cleanups.push(() => reload.close())
    await eventually(() => expect(messageIds(reload)).toHaveLength(395))
    expect(messageIds(reload)).toEqual(stored.slice(5))
  })

  it('POST /api/read moves the marker on every stream, and each new stream starts with it', async () => {
    const { server, token, ids } = await visitorWith(3)
    const phone = connect(server, token)
    await eventually(() => expect(messageIds(phone)).toHaveLength(3))
    const res = await fetch(`${server.url}/api/read`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ upTo: ids[1] }),
    })
    expect(await res.json()).toEqual({ upTo: ids[1] })
    await eventually(() =>
      expect(phone.events.at(-1)).toEqual({
        event: 'read',
        data: JSON.stringify({ upTo: ids[1] }),
      }),
    )
    const laptop = connect(server, token)
    await eventually(() => expect(messageIds(laptop)).toHaveLength(3))
    expect(laptop.events[0]).toEqual({ event: 'read', data: JSON.stringify({ upTo: ids[1] }) })
  })
})
