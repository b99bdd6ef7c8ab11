import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type RunningDemo, startDemo } from '../../demo/launch/start-demo'
import { createLogger } from '../../server/logging/logger'

export type TestDemo = RunningDemo & { dataDir: string; dispose(): Promise<void> }

/**
 * The exact demo wiring of `npm start`, on free ports with a temp data dir and short
 * sandbox timings (the spec's 3 s delivery interval would make every retry slow).
 */
export async function startTestDemo(
  options: { env?: Record<string, string> } = {},
): Promise<TestDemo> {
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
  })
  return Object.assign(demo, {
    dataDir,
    dispose: async () => {
      await demo.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  })
}
