import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../shared/protocol/errors'
import { HistoryResponse } from '../../../shared/widget-api'
import { createEntry } from '../support/conformance'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
afterEach(() => {
  t?.stop()
})

async function appendTexts(visitorId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const content = { type: 'text' as const, text: `m${i}` }
    ids.push((await t.deps.store.append(visitorId, createEntry({ content }))).entry.id)
  }
  return ids
}

async function history(token: string | undefined, query: string) {
  const res = await t.request(`/api/history${query}`, token ? { token } : {})
  return { res, json: await res.json() }
}

describe('GET /api/history', () => {
  it('pages back through 900 entries, oldest first, with no gap or repeat', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    const ids = await appendTexts(visitorId, 900)
    const pages: string[][] = []
    let before: string | undefined
    for (;;) {
      const query = before ? `?before=${before}&limit=200` : '?limit=200'
      const { res, json } = await history(token, query)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const { entries } = HistoryResponse.parse(json)
      if (entries.length === 0) break
      expect(entries.length).toBeLessThanOrEqual(200)
      pages.push(entries.map((e) => e.id))
      before = entries[0]?.id
    }
    expect(pages).toHaveLength(5)
    expect(pages.reverse().flat()).toEqual(ids)
  })

  it('answers 50 entries by default, before the given one', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    const ids = await appendTexts(visitorId, 120)
    const newest = HistoryResponse.parse((await history(token, '')).json)
    expect(newest.entries.map((e) => e.id)).toEqual(ids.slice(70))
    const earlier = HistoryResponse.parse((await history(token, `?before=${ids[10]}`)).json)
    expect(earlier.entries.map((e) => e.id)).toEqual(ids.slice(0, 10))
    expect(earlier.entries[0]).toMatchObject({ author: 'agent', content: { text: 'm0' } })
  })

  it('shows only the token’s own conversation', async () => {
    t = createTestApp()
    const alice = await t.newVisitor()
    const bob = await t.newVisitor()
    await appendTexts(alice.visitorId, 3)
    const { json } = await history(bob.token, '')
    expect(HistoryResponse.parse(json).entries).toEqual([])
  })

  it('refuses a bad before or limit with 400 invalid_request, and no token with 401', async () => {
    t = createTestApp()
    const { token } = await t.newVisitor()
    for (const query of [
      '?before=not-an-id',
      '?before=1-0',
      '?limit=0',
      '?limit=201',
      '?limit=x',
    ]) {
      const { res, json } = await history(token, query)
      expect(res.status, query).toBe(400)
      expect(ErrorBody.parse(json).error.code).toBe('invalid_request')
    }
    const bad = await history(token, '?before=not-an-id')
    expect(ErrorBody.parse(bad.json).error.message).toMatch(/^before: /)
    expect((await history(undefined, '')).res.status).toBe(401)
  })
})
