import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { findRepoRoot } from '../../server/assets/repo-root'

/** Fails with what to do when the widget has not been built. */
export function requireBuiltWidget(): void {
  const widget = join(findRepoRoot(), 'dist/widget/widget.js')
  if (!existsSync(widget)) {
    throw new Error(`${widget} is missing: run \`npm run build\` before the end-to-end tests`)
  }
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
