// Screenshots of the chat window in each state a visitor meets it (home, offline, chatting,
// ended, error), each on a desktop, a phone, a phone with its keyboard up, dark, Arabic and
// Japanese, for docs/site-owners/embedding.md "The window's states":
//   npm run build && npx tsx scripts/screenshots/window-states.ts [outDir]
// Writes window-<state>-<variant>.png (docs/images/ in the repo), and window-frame-desktop
// and -phone.png: the loader's frame at a new visitor's tap before the chat's file is in
// (the home screen replaces it). The window alone on a desktop, the whole screen on a
// phone, as 256-colour PNGs to keep the repository small.
// Japanese needs a CJK font (Debian: fonts-noto-cjk).

import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { ensureWidgetBuild } from '../../kit/built-widget'
import { launchBrowser } from '../../kit/chromium'
import {
  openLoaderFrame,
  openWindowState,
  VARIANTS,
  type Variant,
  type WindowState,
} from '../../kit/window-states'

const outDir = process.argv[2] ?? 'docs/images'
const STATES: WindowState[] = ['home', 'offline', 'chatting', 'ended', 'error']
/** Around the window on a desktop: its shadow and the launcher below it. */
const MARGIN = 24

/** The window (its `selector`) as `variant` sees it, into `<outDir>/window-<name>.png`. */
async function save(page: Page, variant: Variant, name: string, selector = '.ph-window') {
  // What enters (a message, the window's pop) has arrived.
  await page.waitForTimeout(800)
  const viewport = page.viewportSize()
  const box = await page.locator(`porthole-widget ${selector}`).boundingBox()
  const clip =
    box && viewport && !('isMobile' in VARIANTS[variant].context)
      ? {
          x: Math.max(0, box.x - MARGIN),
          y: Math.max(0, box.y - MARGIN),
          width: Math.min(viewport.width, box.x + box.width + MARGIN) - (box.x - MARGIN),
          height: viewport.height - Math.max(0, box.y - MARGIN),
        }
      : undefined
  const png = await page.screenshot(clip ? { clip } : {})
  await sharp(png)
    .png({ palette: true, quality: 90, effort: 10 })
    .toFile(`${outDir}/window-${name}.png`)
}

await ensureWidgetBuild()
const browser = await launchBrowser()
try {
  for (const state of STATES)
    for (const variant of Object.keys(VARIANTS) as Variant[]) {
      const { page, close } = await openWindowState(browser, state, variant)
      await save(page, variant, `${state}-${variant}`)
      await close()
    }
  for (const variant of ['desktop', 'phone'] as const) {
    const { page, close, arrive } = await openLoaderFrame(browser, variant)
    await save(page, variant, `frame-${variant}`, '.ph-shell')
    arrive()
    await close()
  }
} finally {
  await browser.close()
}
