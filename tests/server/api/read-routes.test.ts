import { afterEach, describe, expect, it } from 'vitest'
import { readMarkerKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { VisitorEvent } from '../../../server/store/types'
import { ErrorBody } from '../../../shared/protocol/errors'
import { ReadMarker } from '../../../shared/widget-api'
import { createTestConfig } from '../../support/test-config'
import { createEntry } from '../support/conformance'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
afterEach(() => {
  t?.stop()
})

async function appendTexts(visitorId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++)
    ids.push((await t.deps.store.append(visitorId, createEntry())).entry.id)
  return ids
}

async function read(token: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.request('/api/read', { body, token, headers })
  return { res, json: await res.json() }
}

describe('POST /api/read', () => {
  it('stores the marker, publishes it to the visitor’s streams, and never moves it back', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    const ids = await appendTexts(visitorId, 5)
    const events: VisitorEvent[] = []
    const stop = t.deps.store.subscribe(visitorId, (event) => events.push(event))
    const first = await read(token, { upTo: ids[3] })
    expect(first.res.status).toBe(200)
    expect(ReadMarker.parse(first.json)).toEqual({ upTo: ids[3] })
    // An older report (another device, a late request) leaves the marker where it is.
    const older = await read(token, { upTo: ids[1] })
    expect(older.res.status).toBe(200)
    expect(older.json).toEqual({ upTo: ids[3] })
    const same = await read(token, { upTo: ids[3] })
    expect(same.json).toEqual({ upTo: ids[3] })
    const later = await read(token, { upTo: ids[4] })
    expect(later.json).toEqual({ upTo: ids[4] })
    stop()
    expect(events).toEqual([
      { event: 'read', data: { upTo: ids[3] } },
      { event: 'read', data: { upTo: ids[4] } },
    ])
    expect(await t.deps.store.getRecord(readMarkerKey(visitorId), ReadMarker)).toEqual({
      upTo: ids[4],
    })
  })

  it('keeps the marker monotonic when many devices report at once', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    const ids = await appendTexts(visitorId, 40)
    const answers = await Promise.all([...ids].reverse().map((upTo) => read(token, { upTo })))
    expect(answers.every(({ res }) => res.status === 200)).toBe(true)
    expect(await t.deps.store.getRecord(readMarkerKey(visitorId), ReadMarker)).toEqual({
      upTo: ids.at(-1),
    })
  })

  it('keeps the marker as long as the conversation (the retention)', async () => {
    let now = 1_700_000_000_000
    const { createMemoryStore } = await import('../../../server/store/memory-store')
    t = createTestApp({
      store: createMemoryStore({ now: () => now }),
      config: createTestConfig({}, { RETENTION_DAYS: '2' }),
    })
    const { token, visitorId } = await t.newVisitor()
    const [id] = await appendTexts(visitorId, 1)
    await read(token, { upTo: id })
    now += 2 * 24 * 3600 * 1000 - 1000
    expect(await t.deps.store.getRecord(readMarkerKey(visitorId), ReadMarker)).toEqual({ upTo: id })
    now += 2000
    expect(await t.deps.store.getRecord(readMarkerKey(visitorId), ReadMarker)).toBeUndefined()
  })

  it('refuses an invalid id, another conversation’s id, or another body with 400', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    const other = await t.newVisitor()
    const [own] = await appendTexts(visitorId, 1)
    const [later] = await appendTexts(other.visitorId, 1)
    for (const body of [{ upTo: 'nope' }, { upTo: later }, { upTo: '' }, {}, { upTo: 5 }]) {
      const { res, json } = await read(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(ErrorBody.parse(json).error.code).toBe('invalid_request')
    }
    // Ids between the visitor's own entries (another visitor's) are not theirs to mark.
    const [newer] = await appendTexts(visitorId, 1)
    expect((await read(token, { upTo: later })).res.status).toBe(400)
    expect((await read(token, { upTo: newer })).res.status).toBe(200)
    expect((await read(other.token, { upTo: own })).res.status).toBe(400)
    const empty = await t.newVisitor()
    expect((await read(empty.token, { upTo: own })).res.status).toBe(400)
  })

  it('keeps the marker as long as the messages: RETENTION_MESSAGES_DAYS', async () => {
    let clock = Date.now()
    t = createTestApp({
      store: createMemoryStore({ now: () => clock }),
      config: createTestConfig({}, { RETENTION_DAYS: '90', RETENTION_MESSAGES_DAYS: '2' }),
    })
    const { token, visitorId } = await t.newVisitor()
    const [id] = await appendTexts(visitorId, 1)
    expect((await read(token, { upTo: id })).res.status).toBe(200)
    clock += 86_400_000
    expect(await t.deps.store.getRecord(readMarkerKey(visitorId), ReadMarker)).toEqual({ upTo: id })
    clock += 2 * 86_400_000
    expect(await t.deps.store.getRecord(readMarkerKey(visitorId), ReadMarker)).toBeUndefined()
  })

  it('needs the token and is rate-limited per visitor with 429 and Retry-After', async () => {
    t = createTestApp({ config: createTestConfig({}, { RATE_LIMIT_MESSAGES_PER_MINUTE: '2' }) })
    const unauthenticated = await t.request('/api/read', { body: { upTo: '1' } })
    expect(unauthenticated.status).toBe(401)
    const { token, visitorId } = await t.newVisitor()
    const [id] = await appendTexts(visitorId, 1)
    expect((await read(token, { upTo: id })).res.status).toBe(200)
    expect((await read(token, { upTo: id })).res.status).toBe(200)
    const limited = await read(token, { upTo: id })
    expect(limited.res.status).toBe(429)
    expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(ErrorBody.parse(limited.json).error.code).toBe('rate_limited')
    // Another visitor has their own budget.
    const another = await t.newVisitor()
    expect((await read(another.token, { upTo: id })).res.status).not.toBe(429)
  })
})
