import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { PublicConfig, StatusResponse } from '../../../shared/widget-api'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { createFakeService } from '../support/fake-service'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
afterEach(() => t?.stop())

describe('GET /api/config', () => {
  it('returns the site owner’s public settings', async () => {
    t = createTestApp({
      settings: createTestSettings({
        invite: { text: 'Need help?', delaySeconds: 5, pages: ['/pricing*'] },
        bot: { rules: [{ name: 'secretRule', keywords: ['x'], reply: 'y' }] },
      }),
    })
    const res = await t.request('/api/config')
    expect(res.status).toBe(200)
    const body = PublicConfig.parse(await res.json())
    expect(body).toMatchObject({
      title: 'Help desk',
      color: '#112233',
      invite: { text: 'Need help?', delaySeconds: 5, pages: ['/pricing*'] },
    })
    expect(JSON.stringify(body)).not.toContain('secretRule')
  })

  it('is compressed as the client asks, with Vary, Content-Length, an ETag per encoding and 304', async () => {
    t = createTestApp({
      settings: createTestSettings({ greeting: 'Hello! '.repeat(100) }),
    })
    const json = JSON.stringify(publicConfigOf(t.deps.settings, 'en', Date.now()))
    const etags = new Set<string>()
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await t.request('/api/config', { headers: { 'accept-encoding': accept } })
      const body = Buffer.from(await res.arrayBuffer())
      expect(res.headers.get('content-encoding'), accept).toBe(encoding)
      expect(res.headers.get('vary'), accept).toMatch(/(^|, )Accept-Encoding(,|$)/)
      expect(res.headers.get('content-length'), accept).toBe(String(body.length))
      expect(res.headers.get('cache-control'), accept).toBe('public, max-age=60')
      expect(res.headers.get('content-type'), accept).toMatch(/^application\/json/)
      const text =
        encoding === 'br'
          ? brotliDecompressSync(body).toString()
          : encoding === 'gzip'
            ? gunzipSync(body).toString()
            : body.toString()
      expect(text, accept).toBe(json)
      const etag = res.headers.get('etag') ?? ''
      etags.add(etag)
      const again = await t.request('/api/config', {
        headers: { 'accept-encoding': accept, 'if-none-match': etag },
      })
      expect(again.status, accept).toBe(304)
      expect(await again.text(), accept).toBe('')
    }
    expect(etags.size).toBe(3)
    // New settings: a new body and a new ETag (the cached compression is redone).
    const before = await t.request('/api/config', { headers: { 'accept-encoding': 'br' } })
    t.deps.settings.title = 'Changed'
    const after = await t.request('/api/config', {
      headers: { 'accept-encoding': 'br', 'if-none-match': before.headers.get('etag') ?? '' },
    })
    expect(after.status).toBe(200)
    expect(
      JSON.parse(brotliDecompressSync(Buffer.from(await after.arrayBuffer())).toString()),
    ).toMatchObject({
      title: 'Changed',
    })
  })
})

describe('GET /api/status', () => {
  it('answers online and offline from A1', async () => {
    const service = createFakeService({ status: { status: 200, body: '1' } })
    t = createTestApp({}, service)
    expect(StatusResponse.parse(await (await t.request('/api/status')).json())).toEqual({
      online: true,
    })
    const offline = createFakeService({ status: { status: 200, body: '0\n' } })
    const t2 = createTestApp({}, offline)
    expect(await (await t2.request('/api/status')).json()).toEqual({ online: false })
    t2.stop()
  })

  it('adds open: false outside business hours, at the minute they close and not before', async () => {
    const service = createFakeService({ status: { status: 200, body: '1' } })
    // Monday 2026-11-23, 09:00 to 17:00 in Moscow (UTC+3): 14:00 UTC is the closing minute.
    let now = Date.parse('2026-11-23T13:59:59Z')
    t = createTestApp(
      {
        now: () => now,
        settings: createTestSettings({
          businessHours: {
            timezone: 'Europe/Moscow',
            weekly: { mon: [{ from: '09:00', to: '17:00' }] },
            outside: 'hide',
          },
        }),
      },
      service,
    )
    const status = async () => StatusResponse.parse(await (await t.request('/api/status')).json())
    // An agent online inside the hours: no `open` at all (today's answer).
    expect(await status()).toEqual({ online: true })
    // Closed: when they open next, Monday 2026-11-30 09:00 in Moscow.
    const opensAt = Date.parse('2026-11-30T06:00:00Z')
    now = Date.parse('2026-11-23T14:00:00Z')
    expect(await status()).toEqual({ online: true, open: false, opensAt })
    now = Date.parse('2026-11-24T05:59:00Z')
    expect(await status()).toEqual({ online: true, open: false, opensAt })
    now = Date.parse('2026-11-24T06:00:00Z')
    // Tuesday has no hours: closed all day.
    expect(await status()).toEqual({ online: true, open: false, opensAt })
    now = Date.parse('2026-11-30T06:00:00Z')
    expect(await status()).toEqual({ online: true })
  })

  it('makes one upstream call for 1,000 concurrent visitors', async () => {
    const service = createFakeService()
    t = createTestApp({}, service)
    const answers = await Promise.all(Array.from({ length: 1000 }, () => t.request('/api/status')))
    expect(answers.every((res) => res.status === 200)).toBe(true)
    expect(service.statusCalls()).toBe(1)
  })

  it('asks again only after the cache period', async () => {
    const service = createFakeService()
    let now = 1_000_000
    t = createTestApp(
      { now: () => now, config: createTestConfig({}, { STATUS_CACHE_SECONDS: '15' }) },
      service,
    )
    await t.request('/api/status')
    now += 14_000
    await t.request('/api/status')
    expect(service.statusCalls()).toBe(1)
    now += 2000
    await t.request('/api/status')
    expect(service.statusCalls()).toBe(2)
  })

  it.each([
    ['a 404', { status: 404, body: 'not found' }],
    ['a 500', { status: 500, body: 'oops' }],
    ['an irregular body', { status: 200, body: 'maybe' }],
    ['a connection error', 'connection-error'],
  ] as const)('answers offline (never 500) and logs a warning on %s', async (_, reply) => {
    const service = createFakeService({ status: reply })
    t = createTestApp({}, service)
    const res = await t.request('/api/status')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ online: false })
    expect(
      t.logs.some(
        (line) => JSON.parse(line).level === 'warn' && line.includes('channel status unavailable'),
      ),
    ).toBe(true)
  })
})
