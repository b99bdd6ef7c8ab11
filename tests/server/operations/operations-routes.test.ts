import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createFakeService } from '../support/fake-service'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
afterEach(() => t?.stop())

describe('operations routes', () => {
  it('GET /healthz answers 200 while the store is reachable', async () => {
    t = createTestApp()
    const res = await t.app.request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      status: 'ok',
      store: 'memory',
      streams: 0,
      disk: { freeBytes: expect.any(Number), floorBytes: 1024 * 1024 * 1024, low: false },
    })
  })

  it('GET /healthz answers 503 when the store is not', async () => {
    const store: Store = {
      ...createMemoryStore(),
      ping: () => Promise.reject(new Error('unreachable')),
    }
    t = createTestApp({ store })
    const res = await t.app.request('/healthz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: 'unavailable', store: 'memory' })
  })

  it('GET /healthz answers 503 draining once shutdown began, even with the store reachable', async () => {
    t = createTestApp()
    expect((await t.app.request('/healthz')).status).toBe(200)
    runtimeOf(t.app).stop()
    const res = await t.app.request('/healthz')
    expect(res.status).toBe(503)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ status: 'draining' })
  })

  it('GET /metrics shows streams, upstream latency and errors in Prometheus text', async () => {
    const service = createFakeService({ status: { status: 503 } })
    t = createTestApp({}, service)
    await t.request('/api/status')
    const res = await t.app.request('/metrics')
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    const text = await res.text()
    expect(text).toContain('# TYPE porthole_open_streams gauge\nporthole_open_streams 0')
    expect(text).toContain('porthole_upstream_requests_total{call="status",status="503"} 1')
    expect(text).toContain('porthole_upstream_errors_total{call="status",kind="irregular"} 1')
    expect(text).toMatch(/porthole_upstream_latency_seconds_count\{call="status"\} 1/)
    expect(text).toMatch(/porthole_http_requests_total\{route="\/api\/status",status="200"\} 1/)
  })

  it('answers unknown routes with a JSON 404 and an X-Request-Id', async () => {
    t = createTestApp()
    const res = await t.app.request('/nope', { headers: { 'x-request-id': 'trace-123' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('x-request-id')).toBe('trace-123')
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: expect.stringMatching(/^No such route for GET/) },
    })
  })

  it('serves a site at / after its own routes, and mounts the bot at /bot', async () => {
    const site = new Hono().get('*', (c) => c.text(`site page ${c.req.path}`))
    const bot = new Hono().post('/:token', (c) => c.json({ bot: c.req.param('token') }))
    t = createTestApp({ site: { routes: site }, bot: { routes: bot } })
    expect(await (await t.app.request('/')).text()).toBe('site page /')
    expect(await (await t.app.request('/shop/index.html')).text()).toBe(
      'site page /shop/index.html',
    )
    expect((await t.app.request('/healthz')).headers.get('content-type')).toMatch(
      /application\/json/,
    )
    expect(await (await t.request('/api/config')).json()).toMatchObject({ title: 'Help desk' })
    expect(await (await t.app.request('/bot/abc', { method: 'POST' })).json()).toEqual({
      bot: 'abc',
    })
  })
})
