import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { describe, it } from 'vitest'
import { findRepoRoot } from '../../../server/assets/repo-root'

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
export function describeInBrowser(name: string, suite: () => void): void {
  if (PLAN.run) {
    describe(name, suite)
  } else if (PLAN.fail) {
    const { message } = PLAN
    describe(name, () => {
      it('needs Chromium (REQUIRE_BROWSER=1)', () => {
        throw new Error(`REQUIRE_BROWSER=1 but ${message}`)
      })
    })
  } else {
    console.warn(`end-to-end suite "${name}" skipped: ${PLAN.message}`)
    describe.skip(`${name} [skipped: ${PLAN.message}]`, suite)
  }
}

/** Fails with what to do when the widget has not been built. */
export function requireBuiltWidget(): void {
  const widget = join(findRepoRoot(), 'dist/widget/widget.js')
  if (!existsSync(widget)) {
    throw new Error(`${widget} is missing: run \`npm run build\` before the end-to-end tests`)
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

/** A fresh context (its own IndexedDB and storage): one visitor. */
export function newVisitor(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; isMobile?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.isMobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-US',
  })
}
