// The article search rows: median and p95 over HTTP at 500 and 10,000 articles.
import type { HelpSearchRun } from '../help/help-search'
import { MS, one, verdict } from './format'
import type { Rows } from './rows'

// The issue's targets: median ≤ 15 ms and p95 ≤ 40 ms at 500 articles, p95 ≤ 60 ms at 10,000.
const TARGETS: Record<number, { median?: number; p95: number }> = {
  500: { median: 15, p95: 40 },
  10000: { p95: 60 },
}

export function helpRows(table: Rows, runs: HelpSearchRun[] | undefined): void {
  if (!runs) return
  for (const run of runs) {
    const target = TARGETS[run.articles]
    const met = target
      ? run.p95Ms <= target.p95 && (target.median === undefined || run.medianMs <= target.median)
      : true
    table.add(
      {
        metric: `article search over HTTP: median / p95, right article first (${run.articles} articles, ${run.queries} real questions)`,
        porthole: `${one(run.medianMs, MS)} / ${one(run.p95Ms, MS)}, ${(run.hitAt1 * 100).toFixed(1)} %`,
        baseline: '—',
        ratio: '—',
        target: target
          ? `${target.median !== undefined ? `median ≤ ${target.median} ms, ` : ''}p95 ≤ ${target.p95} ms`
          : '—',
        met: target ? verdict(met) : '—',
      },
      `the search index answered slower than its target at ${run.articles} articles`,
    )
  }
}
