import { readFileSync } from 'node:fs'
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

/** Which of axe-core's rules to run on the widget, and which violations to report. */
export interface WidgetAxeScope {
  /** axe's `runOnly` tags (default: every rule). */
  tags?: string[]
  /** Only serious and critical violations (default: every violation). */
  seriousOnly?: boolean
}

/**
 * axe-core's violations inside the widget (its host element and open shadow root), each as
 * its rule id and the elements it names, checked once its opening animation has ended.
 * axe goes in through DevTools, so a strict CSP on the host page does not block it.
 */
export async function widgetViolations(page: Page, scope: WidgetAxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'))
  await widgetAnimationsEnded(page)
  return page.evaluate(async ({ tags, seriousOnly }) => {
    type Violation = { id: string; impact: string | null; nodes: { target: unknown }[] }
    type Axe = { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> }
    const { axe } = window as unknown as { axe: Axe }
    const { violations } = await axe.run(
      { include: [['porthole-widget']] },
      tags ? { runOnly: tags } : {},
    )
    return violations
      .filter(
        (violation) => !seriousOnly || ['serious', 'critical'].includes(violation.impact ?? ''),
      )
      .map(
        (violation) =>
          `${violation.id} ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      )
  }, scope)
}

/** axe-core's serious and critical violations inside the widget, every rule run. */
export function seriousWidgetViolations(page: Page): Promise<string[]> {
  return widgetViolations(page, { seriousOnly: true })
}
