import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { widgetAnimationsEnded } from '../../support/animations'

const AXE = join(findRepoRoot(), 'node_modules/axe-core/axe.min.js')

/** axe-core on the widget only (its host element and open shadow root): the serious and critical violations' ids. */
export async function axeSerious(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  // What is still entering (its opacity rising) is read once it has arrived.
  await widgetAnimationsEnded(page)
  return page.evaluate(async () => {
    type Axe = {
      run(context: unknown): Promise<{ violations: { id: string; impact: string | null }[] }>
    }
    const { violations } = await (window as unknown as { axe: Axe }).axe.run({
      include: [['porthole-widget']],
    })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id)
  })
}
