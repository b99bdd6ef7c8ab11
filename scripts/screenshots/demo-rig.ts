// The demo and Chromium as the screenshot scripts that drive the demo use them
// (demo.ts, who-answers.ts): short sandbox timings, quiet logs, the system Chromium.
import { chromium } from 'playwright-core'
import { startDemo } from '../../demo/launch/start-demo'
import { agentConsole } from '../../kit/agent-console'
import { createLogger } from '../../server/logging/logger'

/**
 * Starts the demo (sandbox port free; the backend's `backendPort`, default free) with
 * `dataDir` and an optional settings file, and a headless Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). `close()` stops both.
 *
 * @example const { demo, browser, agent, close } = await startDemoRig({ dataDir })
 */
export async function startDemoRig(options: {
  dataDir: string
  backendPort?: number
  settingsFile?: string
}) {
  const demo = await startDemo({
    backendPort: options.backendPort ?? 0,
    sandboxPort: 0,
    dataDir: options.dataDir,
    ...(options.settingsFile ? { settingsFile: options.settingsFile } : {}),
    timings: {
      deliveryIntervalMs: 300,
      deliveryTimeoutMs: 3000,
      botTimeoutMs: 3000,
      botRetries: 2,
    },
    env: { STATUS_CACHE_SECONDS: '1' },
    logger: createLogger({ level: 'error' }),
  })
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  return {
    demo,
    browser,
    agent: agentConsole(demo.sandbox.url),
    async close() {
      await browser.close()
      await demo.close()
    },
  }
}
