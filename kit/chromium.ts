import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'
import { describe, it } from 'vitest'

// The one way every browser test finds and starts Chromium: the system's, never a
// downloaded one, with the flags this sandboxed machine needs.

export type BrowserPlan =
  | { run: true; executablePath: string }
  | { run: false; fail: boolean; message: string }

/**
 * Whether the browser suites run: only with the system's Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium), never a downloaded browser. Without it they are skipped, or fail
 * when REQUIRE_BROWSER=1 (CI).
 */
export function planBrowser(
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean = existsSync,
): BrowserPlan {
  const executablePath = env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (exists(executablePath)) return { run: true, executablePath }
  return {
    run: false,
    fail: env.REQUIRE_BROWSER === '1',
    message: `no Chromium at ${executablePath}: install chromium (apt-get install -y chromium) or set CHROMIUM_PATH`,
  }
}

const PLAN = planBrowser(process.env)

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]

/** A describe that needs the real browser (see planBrowser). */
/**
 * Each test of a browser suite may take this long: Chromium's pages are real work, and on
 * a machine with both cores busy one test took over 20 s (the node and widget projects'
 * default) while it takes 1.4 s on a quiet one.
 */
export const BROWSER_TEST_TIMEOUT_MS = 90_000

export function describeInBrowser(name: string, suite: () => void): void {
  if (PLAN.run) {
    describe(name, { timeout: BROWSER_TEST_TIMEOUT_MS }, suite)
  } else if (PLAN.fail) {
    const { message } = PLAN
    describe(name, () => {
      it('needs Chromium (REQUIRE_BROWSER=1)', () => {
        throw new Error(`REQUIRE_BROWSER=1 but ${message}`)
      })
    })
  } else {
    console.warn(`browser suite "${name}" skipped: ${PLAN.message}`)
    describe.skip(`${name} [skipped: ${PLAN.message}]`, suite)
  }
}

export function launchBrowser(): Promise<Browser> {
  if (!PLAN.run) throw new Error(PLAN.message)
  return chromium.launch({
    executablePath: PLAN.executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
  })
}
