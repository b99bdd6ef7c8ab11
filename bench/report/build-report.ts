// Turns the measurements into the table's rows, each beside its baseline and target,
// and the closing note that says why a missed target was missed.
import { cpus, totalmem } from 'node:os'
import type { BenchResults, Plan } from '../lib/results'
import { STORES } from '../lib/results'
import { formatTable, type Row } from '../lib/table'
import { capacityRows, deliveryRows, drillRows, machineRow, statusRows } from './backend-rows'
import { helpRows } from './help-rows'
import { pageRows, widgetSizeRows } from './page-rows'
import { Rows } from './rows'
import { scaleRows } from './scale-rows'
import { tapRows } from './tap-rows'

export type ReportInput = {
  results: BenchResults
  plan: Plan
  quick: boolean
  fdLimit: number
  seconds: number
  /** The parts measured (`--only`); all when absent. */
  only?: readonly string[]
  /** How the Lighthouse page embedded widget.js (`--embed`); the recommended embed when absent. */
  embed?: string
}

export type Report = {
  text: string
  json: {
    date: string
    quick: boolean
    machine: string
    plan: Plan
    rows: Row[]
    notes: string[]
    skipped: string[]
    measurements: BenchResults
  }
}

export function buildReport({
  results,
  plan,
  quick,
  fdLimit,
  seconds,
  only,
  embed = 'after-load',
}: ReportInput): Report {
  const table = new Rows()
  const ran = (part: string) => !only || only.includes(part)
  widgetSizeRows(table, results.widget)
  if (ran('page')) pageRows(table, results.page)
  if (ran('capacity')) capacityRows(table, results, plan, fdLimit, quick)
  if (ran('capacity')) scaleRows(table, results.scale ?? [])
  for (const store of ran('delivery') ? STORES : []) {
    const runs = results.delivery[store]
    if (runs.length === 0) {
      table.skipped(`delivery on ${store}:`)
      if (store === 'redis' && results.redisSkipped) table.skip(`redis: ${results.redisSkipped}`)
      continue
    }
    deliveryRows(table, store, runs, results.delivery.raw, plan)
  }
  if (ran('delivery')) machineRow(table, results)
  if (ran('status')) statusRows(table, results, plan)
  drillRows(table, results.drill)
  if (ran('tap')) tapRows(table, results.tap)
  if (ran('help')) helpRows(table, results.help)

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const machine = `${cpus().length} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, Linux`
  const runs =
    plan.runs > 1
      ? `each backend figure is the median of ${plan.runs} runs (min–max)`
      : 'one run of each backend figure'
  const title = `Porthole benchmark${quick ? ' (--quick: small sizes; the targets are for the full run)' : ''}${only ? ` (--only ${only.join(',')})` : ''}${embed === 'after-load' ? '' : ` (--embed ${embed}: the plain script tag, fetched while the page loads)`}`
  const closing =
    table.notes.length === 0
      ? 'Every target met by its median.'
      : `Targets missed by the median, and why:\n${table.notes.map((note) => `- ${note}`).join('\n')}`
  const skipped =
    table.skips.length === 0
      ? ''
      : `\n\nNot measured:\n${table.skips.map((skip) => `- ${skip}`).join('\n')}`
  return {
    text: `${title}\n${machine}; ${runs}; ${seconds.toFixed(0)} s\n\n${formatTable(table.rows)}\n\n${closing}${skipped}`,
    json: {
      date: new Date().toISOString(),
      quick,
      machine,
      plan,
      rows: table.rows,
      notes: table.notes,
      skipped: table.skips,
      measurements: results,
    },
  }
}
