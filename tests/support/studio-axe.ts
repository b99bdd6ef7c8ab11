import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)

/** axe-core's serious and critical violations on the page (its own iframe excluded). */
export async function axeViolations(where: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP refuses injected script tags.
  await where.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'))
  return where.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: unknown,
          options: unknown,
        ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }>
      }
    }
    const result = await axe.run({ exclude: [['iframe']] }, {})
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.nodes.length})`)
  })
}
