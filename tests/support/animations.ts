import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { findRepoRoot } from '../../server/assets/repo-root'

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

const AXE = join(findRepoRoot(), 'node_modules/axe-core/axe.min.js')

/**
 * axe-core's serious and critical violations inside the widget, by rule id, checked
 * once its opening animation has ended.
 */
export async function seriousWidgetViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  await widgetAnimationsEnded(page)
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null }[] }
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<Result> } }).axe
    const { violations } = await axe.run({ include: [['porthole-widget']] })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id)
  })
}
