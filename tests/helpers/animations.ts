import type { Page } from 'playwright-core'

/**
 * Waits until the widget's finite animations (the window's pop as it opens) have ended:
 * axe reads colours through an element's current opacity, so a check run while the window
 * is still fading in finds contrast that no visitor sees once it has opened (it failed so
 * on a busy CI machine). Endless ones (the typing dots) are left running.
 */
export async function widgetAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      (document.querySelector('porthole-widget')?.shadowRoot?.getAnimations() ?? [])
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}
