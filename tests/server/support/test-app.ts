import { createApp, type PortholeApp, runtimeOf } from '../../../server/app'
import type { AppDeps } from '../../../server/app-deps'
import { createLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'
import { SessionResponse } from '../../../shared/widget-api'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { createFakeService, type FakeService } from './fake-service'

export type TestApp = {
  app: PortholeApp
  deps: AppDeps
  service: FakeService
  logs: string[]
  /** A JSON request to the app, with an Origin the allowlist accepts. */
  request(
    path: string,
    init?: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<Response>
  /** A new guest session's token. */
  newVisitor(): Promise<{ token: string; visitorId: string }>
  stop(): void
}

export function createTestApp(
  overrides: Partial<AppDeps> = {},
  service: FakeService = createFakeService(),
): TestApp {
  const logs: string[] = []
  const deps: AppDeps = {
    config: createTestConfig(),
    settings: createTestSettings(),
    store: createMemoryStore(),
    fetch: service.fetch,
    now: Date.now,
    logger: createLogger({ level: 'debug', write: (line) => logs.push(line) }),
    staticDir: '/nonexistent-widget-build',
    ...overrides,
  }
  const app = createApp(deps)
  async function request(path: string, init: Parameters<TestApp['request']>[1] = {}) {
    const headers: Record<string, string> = { origin: 'https://shop.example', ...init.headers }
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    if (init.token) headers.authorization = `Bearer ${init.token}`
    return app.request(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.body === undefined
        ? {}
        : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    })
  }
  return {
    app,
    deps,
    service,
    logs,
    request,
    async newVisitor() {
      const res = await request('/api/session', { body: {} })
      if (res.status !== 200) throw new Error(`session failed: ${res.status} ${await res.text()}`)
      return SessionResponse.parse(await res.json())
    },
    stop: () => runtimeOf(app).stop(),
  }
}

let clientCounter = 0
/** A fresh valid ClientId. */
export function createClientId(): string {
  clientCounter += 1
  return `client-${Date.now().toString(36)}-${clientCounter}`
}

/** A stream ticket for the visitor of `token`, as POST /api/events/ticket gives it. */
export async function streamTicket(t: TestApp, token: string): Promise<string> {
  const res = await t.request('/api/events/ticket', { method: 'POST', token })
  return ((await res.json()) as { ticket: string }).ticket
}
