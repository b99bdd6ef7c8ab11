import type { Tally } from './tally'

// The drill's table and its JSON record.

export type RowResult = {
  scenario: string
  sent: number
  delivered: number
  lost: number
  duplicated: number
  /** Time to recover in milliseconds; undefined when the row did not get that far. */
  recoverMs: number | undefined
  /** What the row measured beyond the figures: settings, retries, refusals. */
  notes: string[]
  /** Set when the scenario could not run to the end (its figures are what it had counted). */
  error?: string
}

export function rowOf(
  scenario: string,
  counted: Tally,
  recoverMs: number | undefined,
  notes: string[],
): RowResult {
  const extra = [...notes]
  if (counted.lost > 0) extra.push(`lost e.g. ${counted.lostExamples.join(', ')}`)
  if (counted.unexpected > 0) extra.push(`${counted.unexpected} arrivals the drill never sent`)
  return {
    scenario,
    sent: counted.sent,
    delivered: counted.delivered,
    lost: counted.lost,
    duplicated: counted.duplicated,
    recoverMs,
    notes: extra,
  }
}

/** A row whose scenario failed before it could count. */
export const failedRow = (scenario: string, error: unknown): RowResult => ({
  ...emptyRow(scenario),
  error: error instanceof Error ? error.message : String(error),
})

/** A row whose scenario could not run on this machine (`reason` says what is missing). */
export const skippedRow = (scenario: string, reason: string): RowResult => ({
  ...emptyRow(scenario),
  notes: [`skipped: ${reason}`],
})

const emptyRow = (scenario: string): RowResult => ({
  scenario,
  sent: 0,
  delivered: 0,
  lost: 0,
  duplicated: 0,
  recoverMs: undefined,
  notes: [],
})

/** A row passes when it ran to the end and lost nothing. */
export const rowPassed = (row: RowResult) => row.error === undefined && row.lost === 0

export function seconds(ms: number | undefined): string {
  return ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`
}

const COLUMNS = ['scenario', 'sent', 'delivered', 'lost', 'duplicated', 'time to recover', 'ok?']

export function formatDrillTable(rows: readonly RowResult[]): string {
  const cells = rows.map((row) => [
    row.scenario,
    String(row.sent),
    String(row.delivered),
    String(row.lost),
    String(row.duplicated),
    seconds(row.recoverMs),
    row.error ? 'ERROR' : rowPassed(row) ? 'yes' : 'NO',
  ])
  const widths = COLUMNS.map((title, i) =>
    Math.max(title.length, ...cells.map((line) => (line[i] ?? '').length)),
  )
  const line = (values: readonly string[]) =>
    `| ${values.map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join(' | ')} |`
  return [
    line(COLUMNS),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...cells.map(line),
  ].join('\n')
}

export function formatNotes(rows: readonly RowResult[]): string {
  const lines: string[] = []
  for (const row of rows) {
    if (row.error) lines.push(`- ${row.scenario}: FAILED TO RUN: ${row.error}`)
    for (const note of row.notes) lines.push(`- ${row.scenario}: ${note}`)
  }
  return lines.join('\n')
}

export type DrillRecord = {
  date: string
  quick: boolean
  machine: string
  seconds: number
  settings: string[]
  rows: RowResult[]
  /** Rows kept from an earlier run (`--only` ran the others), and that run's date. */
  kept?: string
  /** Totals over every row, for the benchmark table. */
  totals: { sent: number; lost: number; duplicated: number; failedRows: number }
}

export function drillRecord(input: Omit<DrillRecord, 'totals' | 'date' | 'kept'>): DrillRecord {
  const totals = { sent: 0, lost: 0, duplicated: 0, failedRows: 0 }
  for (const row of input.rows) {
    totals.sent += row.sent
    totals.lost += row.lost
    totals.duplicated += row.duplicated
    if (!rowPassed(row)) totals.failedRows += 1
  }
  return { date: new Date().toISOString(), ...input, totals }
}
