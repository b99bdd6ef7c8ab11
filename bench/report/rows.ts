// Collects the table's rows, and for each missed target the note that says why.
import type { Row, Verdict } from '../lib/table'

export class Rows {
  readonly rows: Row[] = []
  readonly notes: string[] = []
  /** What was not measured, and why (not a missed target). */
  readonly skips: string[] = []

  add(row: Row, why?: string): void {
    this.rows.push(row)
    if (row.met === 'NO' && why) this.notes.push(`${row.metric}: ${why}`)
  }

  /** A row without a target (a figure shown for context). */
  info(metric: string, porthole: string, baseline: string, ratio = '—'): void {
    this.add({ metric, porthole, baseline, ratio, target: '—', met: '—' })
  }

  skipped(metric: string, met: Verdict = 'n/a'): void {
    this.add({ metric, porthole: 'skipped', baseline: '—', ratio: '—', target: '—', met })
  }

  /** Says why rows were not measured. */
  skip(text: string): void {
    this.skips.push(text)
  }
}
