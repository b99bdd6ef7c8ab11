import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { describe, it } from 'vitest'
import { findRepoRoot } from '../../../server/assets/repo-root'

// Only the system's Chromium, never a downloaded browser.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const HAVE_CHROMIUM = existsSync(CHROMIUM_PATH)
const MISSING = `no Chromium at ${CHROMIUM_PATH}: install chromium (apt-get install -y chromium) or set CHROMIUM_PATH`

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
]

/**
 * A describe that needs the real browser: skipped with a clear message without
 * Chromium, or failed when REQUIRE_BROWSER=1 (CI).
 */
export function describeInBrowser(name: string, suite: () => void): void {
  if (HAVE_CHROMIUM) {
    describe(name, suite)
  } else if (process.env.REQUIRE_BROWSER === '1') {
    describe(name, () => {
      it('needs Chromium (REQUIRE_BROWSER=1)', () => {
        throw new Error(`REQUIRE_BROWSER=1 but ${MISSING}`)
      })
    })
  } else {
    describe.skip(`${name} [skipped: ${MISSING}]`, suite)
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
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS })
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
