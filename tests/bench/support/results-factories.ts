import type { BenchResults, CapacityRun, DeliveryRun, Plan } from '../../../bench/lib/results'
import type { PageFigures } from '../../../bench/lighthouse/audit'
import type { PageCost } from '../../../bench/lighthouse/page-cost'

export const plan: Plan = {
  runs: 3,
  streams: 10_000,
  visitors: 5000,
  rate: 1000,
  seconds: 10,
  concurrency: 32,
  pollers: 10_000,
  pollFor: 60,
  cacheSeconds: 15,
  lighthousePairs: 3,
  firstOpens: 3,
  quiet: true,
}

export function createDeliveryRun(
  overrides: {
    p99?: number
    rate?: number
    lost?: number
    cpuMsPerWebhook?: number
    sent?: number
    acked?: number
    loadGeneratorDelay?: { p99: number; max: number }
    othersCpu?: number
    flushMs?: number
  } = {},
): DeliveryRun {
  const rate = overrides.rate ?? 2000
  const acked = rate * 10
  return {
    opened: 5000,
    othersCpu: overrides.othersCpu ?? 0.02,
    ...(overrides.flushMs === undefined ? {} : { flushMs: overrides.flushMs }),
    steady: {
      sent: overrides.sent ?? 10_000,
      acked: overrides.acked ?? 10_000,
      unanswered: 0,
      delivered: 10_000,
      lost: overrides.lost ?? 0,
      duplicates: 0,
      p50: 2,
      p99: overrides.p99 ?? 10,
      max: 30,
      loadGeneratorDelay: overrides.loadGeneratorDelay ?? { p99: 2, max: 5 },
    },
    max: {
      sent: acked,
      acked,
      delivered: acked,
      lost: 0,
      duplicates: 0,
      seconds: 10,
      rate,
      cpuMs: acked * (overrides.cpuMsPerWebhook ?? 0.2),
    },
  }
}

export const createCapacityRun = (overrides: Partial<CapacityRun> = {}): CapacityRun => ({
  opened: 10_000,
  failed: 0,
  perStream: 9 * 1024,
  ...overrides,
})

export function createPageFigures(overrides: Partial<PageFigures> = {}): PageFigures {
  return {
    score: 99,
    lcpMs: 750,
    tbtMs: 20,
    cls: 0,
    widgetScriptMs: 0,
    widgetBytes: 0,
    widgetRequests: 0,
    ...overrides,
  }
}

export function createPageCost(
  widget: Partial<PageFigures> = {},
  bytes = { before: 5 * 1024, open: 18 * 1024 },
): PageCost {
  // `bytes` are the bodies; the response headers come on top.
  const run = () => ({
    beforeEngagement: { bytes: bytes.before + 1200, requests: 3, headerBytes: 1200 },
    atFirstOpen: { bytes: bytes.open + 2000, requests: 6, headerBytes: 2000 },
  })
  return {
    plain: [createPageFigures(), createPageFigures(), createPageFigures()],
    widget: [
      createPageFigures({ widgetScriptMs: 20, widgetBytes: 5000, widgetRequests: 3, ...widget }),
      createPageFigures({ widgetScriptMs: 22, widgetBytes: 5000, widgetRequests: 3, ...widget }),
      createPageFigures({ widgetScriptMs: 25, widgetBytes: 5000, widgetRequests: 3, ...widget }),
    ],
    firstOpen: [run(), run(), run()],
  }
}

/** Three runs of each backend figure, every target met. */
export function createResults(overrides: Partial<BenchResults> = {}): BenchResults {
  const three = <T>(make: () => T) => [make(), make(), make()]
  return {
    widget: { loader: 5 * 1024, common: 20 * 1024, files: 3 },
    page: createPageCost(),
    capacity: three(() => createCapacityRun()),
    rawCapacity: three(() => createCapacityRun({ perStream: 11 * 1024 })),
    delivery: {
      sqlite: three(() => createDeliveryRun()),
      memory: three(() => createDeliveryRun()),
      redis: three(() => createDeliveryRun()),
      raw: three(() => createDeliveryRun({ rate: 2100, cpuMsPerWebhook: 0.1 })),
    },
    status: three(() => ({ requests: 20_000, ok: 20_000, failed: 0, upstreamCalls: 4 })),
    pollSeconds: 30,
    ...overrides,
  }
}
