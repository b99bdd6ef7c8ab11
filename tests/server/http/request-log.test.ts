import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../../server/http/app-env'
import { accessLogLevel, requestLog } from '../../../server/http/request-log'
import { createLogger } from '../../../server/logging/logger'
import { createPortholeMetrics } from '../../../server/metrics/porthole-metrics'

const SECRET = 'very-secret-hook-path-0123'

type Line = { level: string; msg: string; route?: string; status?: number; requestId?: string }

function createLoggedApp(level: 'debug' | 'info' = 'debug') {
  const lines: Line[] = []
  const raw: string[] = []
  const metrics = createPortholeMetrics()
  const logger = createLogger({
    level,
    write: (line) => {
      raw.push(line)
      lines.push(JSON.parse(line) as Line)
    },
  })
  const app = new Hono<AppEnv>()
  app.use(requestLog({ logger, metrics }))
  app.post('/hooks/:secret/:channelId', (c) =>
    c.req.param('channelId') === 'down'
      ? c.json({ error: { code: 'unavailable', message: 'retry' } }, 503)
      : c.json({ result: 'ok' }),
  )
  app.get('/healthz', (c) => c.json({ ok: true }))
  app.get('/api/thing', (c) => c.json({ thing: true }))
  // A response the handler builds itself, not through c.json().
  app.get('/api/raw', () => new Response('plain', { status: 201 }))
  return { app, lines, raw, metrics }
}

describe('requestLog', () => {
  it('gives every response an X-Request-Id, keeping a sane incoming one', async () => {
    const { app } = createLoggedApp()
    const fresh = await app.request('/api/thing')
    expect(fresh.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{12}$/)
    const kept = await app.request('/api/thing', { headers: { 'x-request-id': 'lb-abc.123' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-abc.123')
    const bogus = await app.request('/api/thing', { headers: { 'x-request-id': 'a b<script>' } })
    expect(bogus.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{12}$/)
    expect(await kept.json()).toEqual({ thing: true })
  })

  it('adds the id to a response the handler built itself', async () => {
    const { app } = createLoggedApp()
    const res = await app.request('/api/raw', { headers: { 'x-request-id': 'raw-1' } })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-request-id')).toBe('raw-1')
    expect(await res.text()).toBe('plain')
  })

  it('logs the route pattern with the request id, never the path with its secret', async () => {
    const { app, lines, raw } = createLoggedApp()
    await app.request(`/hooks/${SECRET}/chan42`, {
      method: 'POST',
      headers: { 'x-request-id': 'r1' },
    })
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request',
        route: '/hooks/:secret/:channelId',
        status: 200,
        requestId: 'r1',
      }),
    ])
    expect(raw.join('\n')).not.toContain(SECRET)
  })

  it('logs delivered webhooks at debug, 5xx at warn, the rest at info', async () => {
    const { app, lines } = createLoggedApp()
    await app.request(`/hooks/${SECRET}/chan42`, { method: 'POST' })
    await app.request(`/hooks/${SECRET}/down`, { method: 'POST' })
    await app.request('/healthz')
    await app.request('/api/thing')
    expect(lines.map((l) => [l.route, l.status, l.level])).toEqual([
      ['/hooks/:secret/:channelId', 200, 'debug'],
      ['/hooks/:secret/:channelId', 503, 'warn'],
      ['/healthz', 200, 'info'],
      ['/api/thing', 200, 'info'],
    ])
  })

  it('writes nothing for delivered webhooks at the default info level', async () => {
    const { app, lines } = createLoggedApp('info')
    await app.request(`/hooks/${SECRET}/chan42`, { method: 'POST' })
    await app.request('/api/thing')
    expect(lines.map((l) => l.route)).toEqual(['/api/thing'])
  })

  it('counts requests by route and status', async () => {
    const { app, metrics } = createLoggedApp()
    await app.request(`/hooks/${SECRET}/chan42`, { method: 'POST' })
    await app.request(`/hooks/${SECRET}/chan42`, { method: 'POST' })
    await app.request(`/hooks/${SECRET}/down`, { method: 'POST' })
    const text = await metrics.registry.render()
    expect(text).toContain(
      'porthole_http_requests_total{route="/hooks/:secret/:channelId",status="200"} 2',
    )
    expect(text).toContain(
      'porthole_http_requests_total{route="/hooks/:secret/:channelId",status="503"} 1',
    )
  })
})

describe('accessLogLevel', () => {
  it.each([
    ['/hooks/:secret/:channelId', 200, 'debug'],
    ['/hooks/:secret/:channelId', 404, 'info'],
    ['/hooks/:secret/:channelId', 413, 'info'],
    ['/hooks/:secret/:channelId', 503, 'warn'],
    ['/healthz', 200, 'info'],
    ['/api/messages', 200, 'info'],
    ['/api/messages', 500, 'warn'],
  ] as const)('%s %i → %s', (route, status, level) => {
    expect(accessLogLevel(route, status)).toBe(level)
  })
})
