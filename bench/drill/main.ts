// `npm run drill`: the fault drill. Starts the built backend, the sandbox, a fault proxy
// and (for the Redis row) redis-server on loopback, breaks things the way production
// does, and counts every message: sent, delivered, lost, duplicated, time to recover.
// README "Fault drills" explains the rows. Exit status 1 when a row lost a message or
// could not run.

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../lib/ensure-build'
import { mergeDrillRecord } from './merge-record'
import { DrillUsageError, parseDrillArgs, type ScenarioName } from './options'
import { planFor } from './plan'
import { stopAllProcesses } from './processes'
import {
  drillRecord,
  failedRow,
  formatDrillTable,
  formatNotes,
  type RowResult,
  rowPassed,
} from './report'
import { burstScenario } from './scenarios/burst'
import { clockScenario } from './scenarios/clock-step'
import type { Scenario } from './scenarios/context'
import { crashScenario } from './scenarios/crash'
import { deviceScenario } from './scenarios/device'
import { diskScenario } from './scenarios/disk-full'
import { emailScenario } from './scenarios/email'
import { outageScenario } from './scenarios/outage'
import { freezeScenario } from './scenarios/redis-freeze'
import { redisScenario } from './scenarios/redis-restart'
import { replayScenario } from './scenarios/replay'

const SCENARIO_RUNNERS: Record<ScenarioName, Scenario> = {
  replay: replayScenario,
  burst: burstScenario,
  device: deviceScenario,
  outage: outageScenario,
  crash: crashScenario,
  redis: redisScenario,
  disk: diskScenario,
  freeze: freezeScenario,
  clock: clockScenario,
  email: emailScenario,
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const log = (message: string) => process.stderr.write(`drill: ${message}\n`)

async function main(): Promise<number> {
  const options = parseDrillArgs(process.argv.slice(2))
  const plan = planFor(options.quick)
  if (options.build) ensureBuild()
  const dist = resolve(options.dist ?? join(root, 'dist'))
  for (const entry of ['server/main.js', 'demo/sandbox.js'])
    if (!existsSync(join(dist, entry)))
      throw new Error(
        `${join(dist, entry)} is missing: run \`npm run build\` (or point --dist at a build)`,
      )
  const started = Date.now()
  const rows: RowResult[] = []
  for (const name of options.only) {
    log(`--- ${name}`)
    const began = Date.now()
    try {
      rows.push(...(await SCENARIO_RUNNERS[name]({ dist, plan, log })))
    } catch (error) {
      rows.push(failedRow(name, error))
    }
    log(`${name}: ${((Date.now() - began) / 1000).toFixed(0)} s`)
  }
  const seconds = (Date.now() - started) / 1000
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`
  const settings = [
    `A2_RETRY_INTERVAL_MS=${plan.a2RetryIntervalMs ?? '3000 (default)'}, A2_RETRIES=3 (default), A2_GIVE_UP_HOURS=24 (default); sandbox A3 timings: the spec's (3 attempts 3 s apart)`,
    `outage ${plan.outageMs / 1000} s; kill -9 / Redis down for ${plan.downMs / 1000} s; Redis frozen for ${plan.freezeMs / 1000} s (REDIS_TIMEOUT_MS=3000, the default)`,
  ]
  const title = `Porthole fault drill${options.quick ? ' (--quick: small sizes, short outage)' : ''}`
  const notes = formatNotes(rows)
  process.stdout.write(
    `${title}\n${machine}; ${seconds.toFixed(0)} s\n${settings.join('\n')}\n\n${formatDrillTable(rows)}\n${notes ? `\n${notes}\n` : ''}`,
  )
  // A full run is the record the benchmark table reads; --quick writes only where told.
  const jsonFile =
    options.json ?? (options.quick ? undefined : join(root, 'bench/drill-results.json'))
  if (jsonFile) {
    const file = resolve(jsonFile)
    // --only: the other scenarios' rows already in the file stay (bench/drill/merge-record.ts).
    const previous: unknown = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
    const record = mergeDrillRecord(
      previous,
      drillRecord({ quick: options.quick, machine, seconds, settings, rows }),
      options.only,
    )
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`)
    log(`results written to ${file}`)
  }
  return rows.every(rowPassed) ? 0 : 1
}

let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true
    log(`${signal}: stopping every process the drill started`)
    void stopAllProcesses().finally(() => process.exit(130))
  })
}

try {
  process.exitCode = await main()
} catch (error) {
  if (error instanceof DrillUsageError) log(error.message)
  else log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exitCode = 2
} finally {
  if (!interrupted) await stopAllProcesses()
}
