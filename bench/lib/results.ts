// What one `npm run bench` measured, run by run (bench/results.json keeps all of it);
// the report reduces each figure to its median and spread.
import { z } from 'zod'
import type { CapacityScale } from '../capacity/run-capacity'
import type { HelpSearchRun } from '../help/help-search'
import type { PageCost } from '../lighthouse/page-cost'
import type { MaxResult, SteadyResult } from '../load/protocol'
import type { TapResults } from '../tap/tap-to-chat'
import type { WidgetSize } from './widget-size'

export type Plan = {
  /** How many times each backend phase runs (the figures are their medians). */
  runs: number
  streams: number
  visitors: number
  rate: number
  seconds: number
  concurrency: number
  pollers: number
  pollFor: number
  cacheSeconds: number
  /** Lighthouse: pairs of runs (without, with the widget), alternating; 0 skips the page rows. */
  lighthousePairs: number
  /** Browser sessions that open the chat to count its bytes. */
  firstOpens: number
  /**
   * The capacity part also holds the streams on one instance with no beat in the window:
   * the heartbeat's cost is the beating instance's CPU over the window minus that one's.
   */
  quiet: boolean
}

export type CapacityRun = { opened: number; failed: number; perStream: number }

export type MaxRun = MaxResult & {
  /** Acknowledged webhooks per second. */
  rate: number
  /** The server process's user + system CPU time during the phase. */
  cpuMs: number
}

export type DeliveryRun = {
  opened: number
  steady: SteadyResult
  max: MaxRun
  /**
   * Share (0–1) of the machine's CPU that processes other than the server and the load
   * generator used during the two timed phases (redis-server counts as other).
   */
  othersCpu: number
  /**
   * The mean time (ms) of one flush of the machine's disks during the two timed phases
   * (bench/lib/disk-flush.ts); absent where the kernel does not count flushes.
   */
  flushMs?: number
}

export type StatusRun = { requests: number; ok: number; failed: number; upstreamCalls: number }

export const STORES = ['sqlite', 'memory', 'redis'] as const
export type Store = (typeof STORES)[number]

/** `npm run drill`'s record: only what the table reads. */
export const DrillRecord = z.object({
  date: z.string(),
  rows: z.array(z.unknown()),
  totals: z.object({
    sent: z.number(),
    lost: z.number(),
    duplicated: z.number(),
    failedRows: z.number(),
  }),
})
export type DrillRecord = z.infer<typeof DrillRecord>

export type BenchResults = {
  widget: WidgetSize | undefined
  /** Lighthouse and first-open figures; a string says why they were not measured. */
  page: PageCost | string
  capacity: CapacityRun[]
  rawCapacity: CapacityRun[]
  /** The capacity part at full scale (bench/capacity/), one entry per run. */
  scale?: CapacityScale[]
  delivery: Record<Store, DeliveryRun[]> & { raw: DeliveryRun[] }
  status: StatusRun[]
  pollSeconds: number
  /** Why the redis rows are missing, when they are. */
  redisSkipped?: string
  drill?: DrillRecord
  /** Tap to chat on the phone profile (bench/tap/), or why it was not measured. */
  tap?: TapResults | string
  /** Article search over HTTP at each size (bench/help/). */
  help?: HelpSearchRun[]
}
