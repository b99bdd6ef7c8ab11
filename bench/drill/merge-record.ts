import { SCENARIOS, type ScenarioName } from './options'
import { type DrillRecord, drillRecord, type RowResult } from './report'

// `npm run drill -- --only clock` writes bench/drill-results.json: the rows of the
// scenarios that ran replace theirs, the other rows of the file stay (with the date of
// the run that measured them).

/** The labels each scenario's rows carry (rows 7 share a number: disk full, Redis frozen). */
const ROW_LABELS: Record<ScenarioName, RegExp> = {
  replay: /^1\. /,
  burst: /^2[a-z]?\. /,
  device: /^3\. /,
  outage: /^4[a-z]?\. /,
  crash: /^5\. kill -9 backend/,
  redis: /^6\. Redis/,
  disk: /^7\. disk full/,
  freeze: /^7\. Redis frozen/,
  email: /^8[a-z]?\. /,
  clock: /^9\. clock step/,
}

/** The scenario a row came from (a row that failed to run is labelled with the name). */
export function scenarioOfRow(label: string): ScenarioName | undefined {
  return SCENARIOS.find((name) => label === name || ROW_LABELS[name].test(label))
}

export class DrillRecordError extends Error {
  override name = 'DrillRecordError' as const
  readonly code = 'drill_record' as const
}

/**
 * The record to write when only `ran` ran: `current`'s rows, plus `previous`'s rows of
 * the scenarios that did not run (noted in `kept`), in the drill's order; totals recounted.
 */
export function mergeDrillRecord(
  previous: unknown,
  current: DrillRecord,
  ran: readonly ScenarioName[],
): DrillRecord {
  if (previous === undefined || ran.length === SCENARIOS.length) return current
  if (!isRecord(previous))
    throw new DrillRecordError(
      'the results file is not a drill record; move it away or pass --json <another file>',
    )
  const kept = previous.rows.filter((row) => {
    const from = scenarioOfRow(row.scenario)
    return from === undefined || !ran.includes(from)
  })
  if (kept.length === 0) return current
  const order = (row: RowResult) => {
    const from = scenarioOfRow(row.scenario)
    return from === undefined ? SCENARIOS.length : SCENARIOS.indexOf(from)
  }
  const rows = [...kept, ...current.rows]
    .map((row, index) => ({ row, index }))
    .sort((a, b) => order(a.row) - order(b.row) || a.index - b.index)
    .map(({ row }) => row)
  const { totals: _totals, date, ...rest } = current
  return {
    ...drillRecord({ ...rest, rows }),
    date,
    kept: `${kept.length} row(s) from the run of ${previous.date} (${kept.map((row) => row.scenario).join('; ')})`,
  }
}

function isRecord(value: unknown): value is DrillRecord {
  if (!value || typeof value !== 'object') return false
  const record = value as Partial<DrillRecord>
  return (
    typeof record.date === 'string' &&
    Array.isArray(record.rows) &&
    record.rows.every(
      (row) => row && typeof row === 'object' && typeof (row as RowResult).scenario === 'string',
    )
  )
}
