import { SCENARIOS, type ScenarioName } from './options'
import { type DrillRecord, type RowResult, rowPassed } from './report'

// bench/drill-results.json after a run of some rows (`--only`): the rows that ran replace
// their earlier results, the other rows' results stay. A run of every row replaces all.

/** Which scenario a row belongs to: by its number ("5. kill -9…" is crash), or its name (a row that failed to run). */
export function scenarioOfRow(label: string): ScenarioName | undefined {
  if ((SCENARIOS as readonly string[]).includes(label)) return label as ScenarioName
  const number = /^(\d+)[a-z]?\./.exec(label)?.[1]
  return number === undefined ? undefined : SCENARIOS[Number(number) - 1]
}

/** A run of some rows, as recorded beside the merged rows. */
export type DrillRun = {
  date: string
  only: ScenarioName[] | 'all'
  seconds: number
  machine: string
}

export type MergedDrillRecord = DrillRecord & { runs?: DrillRun[] }

function isRecord(value: unknown): value is MergedDrillRecord {
  if (!value || typeof value !== 'object') return false
  const record = value as Partial<DrillRecord>
  return Array.isArray(record.rows) && typeof record.date === 'string'
}

/**
 * The record to write after a run of `ran`: `current` itself when every row ran or no
 * earlier record of the same kind (full or --quick) exists; otherwise the earlier record
 * with the rows of `ran` replaced by the new ones, in the drill's row order, the totals
 * counted again and the runs listed in `runs`.
 */
export function mergeDrillRecord(
  previous: unknown,
  current: DrillRecord,
  ran: readonly ScenarioName[],
): MergedDrillRecord {
  const all = SCENARIOS.every((name) => ran.includes(name))
  if (all || !isRecord(previous) || previous.quick !== current.quick) return current
  const order = (row: RowResult) => {
    const name = scenarioOfRow(row.scenario)
    return name === undefined ? -1 : SCENARIOS.indexOf(name)
  }
  const kept = previous.rows.filter((row) => {
    const name = scenarioOfRow(row.scenario)
    return name === undefined || !ran.includes(name)
  })
  const rows = [...kept, ...current.rows]
    .map((row, index) => ({ row, index }))
    .sort((a, b) => order(a.row) - order(b.row) || a.index - b.index)
    .map(({ row }) => row)
  const totals = { sent: 0, lost: 0, duplicated: 0, failedRows: 0 }
  for (const row of rows) {
    totals.sent += row.sent
    totals.lost += row.lost
    totals.duplicated += row.duplicated
    if (!rowPassed(row)) totals.failedRows += 1
  }
  const earlier: DrillRun[] = previous.runs ?? [
    { date: previous.date, only: 'all', seconds: previous.seconds, machine: previous.machine },
  ]
  const settings = [...previous.settings]
  for (const line of current.settings) if (!settings.includes(line)) settings.push(line)
  return {
    ...previous,
    date: current.date,
    machine: current.machine,
    settings,
    rows,
    totals,
    runs: [
      // A run whose every row ran again gave nothing the record still holds.
      ...earlier.filter(
        (run) => run.only === 'all' || run.only.some((name) => !ran.includes(name)),
      ),
      { date: current.date, only: [...ran], seconds: current.seconds, machine: current.machine },
    ],
  }
}
