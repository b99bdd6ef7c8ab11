// The backend's rows: SSE capacity, webhook delivery per store (latency, maximum rate,
// CPU time per webhook, losses) and the status cache, each figure the median of the
// runs with its spread, beside the raw node:http server measured the same way. A target
// is met only when the median meets it.
import type { BenchResults, DeliveryRun, Plan, Store } from '../lib/results'
import { spreadOf } from '../lib/stats'
import { CPU_MS, KB, KBYTES, MS, PER_SECOND, ratioOf, verdict, withSpread } from './format'
import type { Rows } from './rows'

/** Why a store's delivery can miss its targets; printed only when it does. */
const DELIVERY_REASONS: Record<Store, string> = {
  sqlite:
    'sqlite (the default) makes every webhook durable before answering "ok": the appends of one event-loop turn share one transaction (those arriving while a flush runs wait and share the next one), and their fsync runs off the event loop. better-sqlite3 is synchronous: each transaction still holds the event loop (and a WAL checkpoint up to about 10 ms). Compare the memory: rows (same code, no durable write)',
  memory:
    'per webhook Porthole still reads the A3 body (its Node listener answers the webhook without Hono), validates it with zod, checks the secret, de-duplicates by message.id and counts metrics; the raw server only runs JSON.parse and one write. The load generator shares the 2 cores: compare the CPU per webhook rows',
  redis:
    'the webhooks of one event-loop turn are one Lua script in Redis (per webhook: dedupe + XADD + PUBLISH; those arriving while a script is on its way go in the next one) and a pub/sub hop back before the push (its own messages are known by their bytes, not parsed again); redis-server, the backend and the load generator share the 2 cores',
}

/** A latency figure is the server's only while the load generator itself kept up. */
function loaderNote(runs: DeliveryRun[]): string {
  const worst = Math.max(...runs.map((run) => run.steady.loadGeneratorDelay.max))
  if (!(worst >= 20)) return ''
  const p99 = Math.max(...runs.map((run) => run.steady.loadGeneratorDelay.p99))
  return `. The load generator's own event loop stalled up to ${worst.toFixed(0)} ms (p99 ${p99.toFixed(0)} ms) during this phase, which adds to the measured latency`
}

/** Other processes took CPU from the measured ones: figures of such runs are theirs too. */
function othersNote(runs: DeliveryRun[]): string {
  const worst = Math.max(...runs.map((run) => run.othersCpu))
  if (!(worst >= 0.1)) return ''
  return `. Other processes on the machine used up to ${(worst * 100).toFixed(0)} % of its CPU during these runs`
}

/**
 * sqlite answers a webhook after a flush of its log: with 32 in flight, a slower disk
 * (other work on a shared one) lowers its rate and raises its p99 by itself.
 */
function flushNote(store: Store, runs: DeliveryRun[]): string {
  if (store !== 'sqlite') return ''
  const flushes = spreadOf(runs.map((run) => run.flushMs))
  if (!flushes) return ''
  return `. The disk took ${withSpread(flushes, { digits: 2, suffix: ' ms' })} per flush (mean of each run) during these runs; each batch of appends waits for one`
}

const cpuPerWebhook = (run: DeliveryRun) =>
  run.max.acked > 0 ? run.max.cpuMs / run.max.acked : undefined

export function capacityRows(
  table: Rows,
  results: BenchResults,
  plan: Plan,
  fdLimit: number,
  quick: boolean,
): void {
  const opened = spreadOf(results.capacity.map((run) => run.opened))
  const rawOpened = spreadOf(results.rawCapacity.map((run) => run.opened))
  const fdLimited = plan.streams < 10_000 && !quick
  const failed = Math.max(0, ...results.capacity.map((run) => run.failed))
  table.add(
    {
      metric: 'SSE: idle streams held',
      porthole: withSpread(opened, { digits: 0, suffix: '' }),
      baseline: `${withSpread(rawOpened, { digits: 0, suffix: '' })} (raw node:http)`,
      ratio: ratioOf(opened?.median, rawOpened?.median),
      target: '10,000',
      met: verdict((opened?.median ?? 0) >= 10_000),
    },
    fdLimited
      ? `the open-file limit (ulimit -n ${fdLimit}) allows ${plan.streams}; raise it to measure 10,000`
      : quick
        ? `--quick opens ${plan.streams}`
        : `up to ${failed} of ${plan.streams} streams failed to open in a run`,
  )
  const perStream = spreadOf(results.capacity.map((run) => run.perStream))
  const rawPerStream = spreadOf(results.rawCapacity.map((run) => run.perStream))
  table.add(
    {
      metric: 'SSE: RSS per idle stream',
      porthole: withSpread(perStream, KBYTES),
      baseline: `${withSpread(rawPerStream, KBYTES)} (raw node:http)`,
      ratio: ratioOf(perStream?.median, rawPerStream?.median),
      target: '<= 16 KB',
      met: verdict((perStream?.median ?? Infinity) <= 16 * KB),
    },
    'each stream also holds a store subscription for its visitor and a verified token',
  )
}

export function deliveryRows(
  table: Rows,
  store: Store,
  runs: DeliveryRun[],
  raw: DeliveryRun[],
  plan: Plan,
): void {
  const streams = spreadOf(runs.map((run) => run.opened))?.median ?? 0
  const conditions = `${plan.rate}/s, ${streams} streams`
  const p50 = spreadOf(runs.map((run) => run.steady.p50))
  const rawP50 = spreadOf(raw.map((run) => run.steady.p50))
  table.info(
    `${store}: delivery p50 (${conditions})`,
    withSpread(p50, MS),
    withSpread(rawP50, MS),
    ratioOf(p50?.median, rawP50?.median),
  )

  const p99 = spreadOf(runs.map((run) => run.steady.p99))
  const rawP99 = spreadOf(raw.map((run) => run.steady.p99))
  const backlogged = runs.filter((run) => run.steady.acked < run.steady.sent)
  // Half the runs or more left webhooks unanswered: the median run had a backlog.
  const medianBacklogged = backlogged.length * 2 >= runs.length && backlogged.length > 0
  const backlog =
    backlogged.length > 0 ? ` (backlog in ${backlogged.length} of ${runs.length} runs)` : ''
  table.add(
    {
      metric: `${store}: delivery p99 (${conditions})`,
      porthole: `${withSpread(p99, MS)}${backlog}`,
      baseline: withSpread(rawP99, MS),
      ratio: ratioOf(p99?.median, rawP99?.median),
      target: '< 50 ms',
      met: verdict(p99 !== undefined && p99.median < 50 && !medianBacklogged),
    },
    `${DELIVERY_REASONS[store]}${loaderNote(runs)}${othersNote(runs)}${flushNote(store, runs)}`,
  )

  const rate = spreadOf(runs.map((run) => run.max.rate))
  const rawRate = spreadOf(raw.map((run) => run.max.rate))
  table.add(
    {
      metric: `${store}: max sustained webhook rate`,
      porthole: withSpread(rate, PER_SECOND),
      baseline: withSpread(rawRate, PER_SECOND),
      ratio: ratioOf(rate?.median, rawRate?.median),
      target: '>= 0.8x raw',
      met: verdict(
        rate !== undefined && rawRate !== undefined && rate.median >= 0.8 * rawRate.median,
      ),
    },
    `${DELIVERY_REASONS[store]}${othersNote([...runs, ...raw])}${flushNote(store, runs)}`,
  )

  const cpu = spreadOf(runs.map(cpuPerWebhook))
  const rawCpu = spreadOf(raw.map(cpuPerWebhook))
  table.info(
    `${store}: server CPU per webhook (at the max rate)`,
    withSpread(cpu, CPU_MS),
    withSpread(rawCpu, CPU_MS),
    ratioOf(cpu?.median, rawCpu?.median),
  )

  const lost = runs.reduce((sum, run) => sum + run.steady.lost + run.max.lost, 0)
  const duplicated = runs.reduce((sum, run) => sum + run.steady.duplicates + run.max.duplicates, 0)
  const rawLost = raw.reduce((sum, run) => sum + run.steady.lost + run.max.lost, 0)
  const rawDuplicated = raw.reduce(
    (sum, run) => sum + run.steady.duplicates + run.max.duplicates,
    0,
  )
  table.add(
    {
      metric: `${store}: acknowledged but lost / duplicated (all runs)`,
      porthole: `${lost} / ${duplicated}`,
      baseline: `${rawLost} / ${rawDuplicated}`,
      ratio: '—',
      target: '0 / 0',
      met: verdict(lost === 0 && duplicated === 0),
    },
    'an acknowledged webhook did not reach its stream within 15 s, or reached it twice',
  )
}

/** How much of the machine other processes used while the delivery phases ran. */
export function machineRow(table: Rows, results: BenchResults): void {
  const runs = [
    ...results.delivery.sqlite,
    ...results.delivery.memory,
    ...results.delivery.redis,
    ...results.delivery.raw,
  ]
  const others = spreadOf(runs.map((run) => run.othersCpu * 100))
  table.info(
    'machine: CPU used by other processes (delivery phases, all servers)',
    withSpread(others, { digits: 0, suffix: ' %' }),
    '0 % on an idle machine',
  )
}

export function statusRows(table: Rows, results: BenchResults, plan: Plan): void {
  const periods = Math.ceil(plan.pollFor / plan.cacheSeconds)
  const calls = spreadOf(results.status.map((run) => run.upstreamCalls))
  const polls = spreadOf(results.status.map((run) => run.requests))
  const failed = results.status.reduce((sum, run) => sum + run.failed, 0)
  table.add(
    {
      metric: `status: upstream A1 calls (${plan.pollers} visitors, ${plan.pollFor} s)`,
      porthole: withSpread(calls, { digits: 0, suffix: '' }),
      baseline: `${withSpread(polls, { digits: 0, suffix: '' })} polls (no cache)`,
      ratio: ratioOf(calls?.median, polls?.median),
      target: `1 per ${plan.cacheSeconds} s period (${periods})`,
      met: verdict((calls?.median ?? Infinity) <= periods + 1 && failed === 0),
    },
    `${calls?.median} calls for ${periods} periods; ${failed} polls failed`,
  )
}

export function drillRows(table: Rows, drill: BenchResults['drill']): void {
  if (!drill) return
  const { lost, duplicated, sent, failedRows } = drill.totals
  table.add(
    {
      metric: `drill: lost / duplicated (${drill.rows.length} rows, ${sent} messages, ${drill.date.slice(0, 10)})`,
      porthole: `${lost} / ${duplicated}`,
      baseline: '—',
      ratio: '—',
      target: '0 lost; duplicates only at-least-once',
      met: verdict(lost === 0 && failedRows === 0),
    },
    `${failedRows} drill row(s) lost messages or did not run: see \`npm run drill\``,
  )
}
