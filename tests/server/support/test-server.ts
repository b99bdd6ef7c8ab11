import type { Config } from '../../../server/config/config'
import { createLogger } from '../../../server/logging/logger'
import { type RunningServer, startServer } from '../../../server/start'
import type { Store } from '../../../server/store/types'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { createFakeService, type FakeService } from './fake-service'

export type TestServer = RunningServer & { service: FakeService; logs: string[] }

/** The backend on a real socket on 127.0.0.1 with a fake service behind it. */
export async function startTestServer(
  options: {
    config?: Config
    store?: Store
    service?: FakeService
    env?: Record<string, string>
  } = {},
): Promise<TestServer> {
  const service = options.service ?? createFakeService()
  const logs: string[] = []
  const server = await startServer({
    config: options.config ?? createTestConfig({}, options.env),
    settings: createTestSettings(),
    ...(options.store ? { store: options.store } : {}),
    fetch: service.fetch,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'debug', write: (line) => logs.push(line) }),
    staticDir: '/nonexistent-widget-build',
  })
  return Object.assign(server, { service, logs })
}
