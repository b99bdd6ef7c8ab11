import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DemoStartError } from '../../demo/launch/errors'
import { type RunningDemo, startDemo } from '../../demo/launch/start-demo'
import { retryWhenPortTaken } from '../../kit/port-taken'
import type { BotArticles } from '../../server/bot/articles'
import { createLogger } from '../../server/logging/logger'

export type TestDemo = RunningDemo & { dataDir: string; dispose(): Promise<void> }

/**
 * The exact demo wiring of `npm start`, on free ports with a temp data dir and short
 * sandbox timings (the spec's 3 s delivery interval would make every retry slow).
 */
export async function startTestDemo(
  options: { env?: Record<string, string>; articles?: BotArticles } = {},
): Promise<TestDemo> {
  // The free ports are chosen before they are bound: another process can take one in
  // between (EADDRINUSE). Such a start is tried again on new ports.
  return retryWhenPortTaken(
    () => startOnFreePorts(options),
    (error) => error instanceof DemoStartError && error.message.includes('already in use'),
  )
}

async function startOnFreePorts(options: {
  env?: Record<string, string>
  articles?: BotArticles
}): Promise<TestDemo> {
  const dataDir = mkdtempSync(join(tmpdir(), 'porthole-e2e-'))
  const demo = await startDemo({
    backendPort: 0,
    sandboxPort: 0,
    dataDir,
    timings: {
      deliveryIntervalMs: 300,
      deliveryTimeoutMs: 3000,
      botTimeoutMs: 3000,
      botRetries: 2,
    },
    env: {
      STATUS_CACHE_SECONDS: '1',
      A2_RETRY_INTERVAL_MS: '300',
      HEARTBEAT_SECONDS: '5',
      ...options.env,
    },
    logger: createLogger({ level: 'error' }),
    ...(options.articles ? { articles: options.articles } : {}),
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  return Object.assign(demo, {
    dataDir,
    dispose: async () => {
      await demo.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  })
}
