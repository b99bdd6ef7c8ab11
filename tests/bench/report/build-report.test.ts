import { describe, expect, it } from 'vitest'
import { buildReport } from '../../../bench/report/build-report'
import {
  createDeliveryRun,
  createPageCost,
  createPageFigures,
  createResults,
  plan,
} from '../support/results-factories'

// The benchmark's table: every figure the median of its runs with the spread, beside its
// baseline and target; a target is met only when the median meets it, a missed one is
// marked NO and explained in the closing note.

function report(results = createResults(), overrides: Partial<typeof plan> = {}) {
  return buildReport({
    results,
    plan: { ...plan, ...overrides },
    quick: false,
    fdLimit: 20_000,
    seconds: 100,
  })
}

const rowOf = (json: ReturnType<typeof report>['json'], metric: string) =>
  json.rows.find((row) => row.metric === metric)

describe('bench report', () => {
  it('prints one table with the six columns and a row per figure', () => {
    const { text, json } = report()
    const header = text.split('\n').find((line) => line.startsWith('| metric'))
    expect(
      header
        ?.split('|')
        .map((cell) => cell.trim())
        .filter(Boolean),
    ).toEqual(['metric', 'Porthole', 'baseline', 'ratio', 'target', 'met?'])
    const metrics = json.rows.map((row) => row.metric)
    expect(metrics).toContain('SSE: RSS per idle stream')
    expect(metrics).toContain('redis: max sustained webhook rate')
    expect(metrics).toContain('memory: server CPU per webhook (at the max rate)')
    expect(metrics).toContain('page: Total Blocking Time')
    expect(metrics.some((metric) => metric.startsWith('status: upstream A1 calls'))).toBe(true)
    expect(json.rows.every((row) => row.met !== 'NO')).toBe(true)
    expect(text).toContain('each backend figure is the median of 3 runs (min–max)')
    expect(text).toContain('Every target met by its median.')
  })

  it('prints the median with the spread of the runs, and the ratio of the medians', () => {
    const { json } = report(
      createResults({
        delivery: {
          ...createResults().delivery,
          memory: [3000, 4000, 4500].map((rate) => createDeliveryRun({ rate })),
          raw: [5000, 5500, 6000].map((rate) => createDeliveryRun({ rate })),
        },
      }),
    )
    expect(rowOf(json, 'memory: max sustained webhook rate')).toMatchObject({
      porthole: '4000/s (3000–4500)',
      baseline: '5500/s (5000–6000)',
      ratio: '0.73x',
      met: 'NO',
    })
  })

  it('meets a target by the median, not by the best run', () => {
    // One run of three is under 50 ms: the median is not.
    const runs = [40, 70, 90].map((p99) => createDeliveryRun({ p99 }))
    const missed = report(
      createResults({ delivery: { ...createResults().delivery, sqlite: runs } }),
    ).json
    expect(rowOf(missed, 'sqlite: delivery p99 (1000/s, 5000 streams)')).toMatchObject({
      porthole: '70.0 ms (40.0–90.0)',
      met: 'NO',
    })
    // Two of three under it: the median is.
    const met = report(
      createResults({
        delivery: {
          ...createResults().delivery,
          sqlite: [20, 30, 90].map((p99) => createDeliveryRun({ p99 })),
        },
      }),
    ).json
    expect(rowOf(met, 'sqlite: delivery p99 (1000/s, 5000 streams)')?.met).toBe('yes')
  })

  it("puts the server's CPU time per delivered webhook beside the raw server's", () => {
    const { json } = report(
      createResults({
        delivery: {
          ...createResults().delivery,
          sqlite: [0.3, 0.25, 0.35].map((cpu) => createDeliveryRun({ cpuMsPerWebhook: cpu })),
          raw: [0.1, 0.12, 0.11].map((cpu) => createDeliveryRun({ cpuMsPerWebhook: cpu })),
        },
      }),
    )
    expect(rowOf(json, 'sqlite: server CPU per webhook (at the max rate)')).toMatchObject({
      porthole: '0.300 ms (0.250–0.350)',
      baseline: '0.110 ms (0.100–0.120)',
      ratio: '2.73x',
    })
  })

  it('marks a missed target NO and says why in the closing note', () => {
    const { text, json } = report(
      createResults({
        capacity: [1, 2, 3].map(() => ({ opened: 10_000, failed: 0, perStream: 20 * 1024 })),
        delivery: {
          ...createResults().delivery,
          sqlite: [1, 2, 3].map(() => createDeliveryRun({ p99: 120, rate: 500 })),
        },
      }),
    )
    expect(rowOf(json, 'SSE: RSS per idle stream')).toMatchObject({
      porthole: '20.0 KB',
      met: 'NO',
      ratio: '1.82x',
    })
    expect(rowOf(json, 'sqlite: max sustained webhook rate')).toMatchObject({
      met: 'NO',
      ratio: '0.24x',
    })
    expect(json.notes.some((note) => note.startsWith('SSE: RSS per idle stream:'))).toBe(true)
    expect(json.notes.some((note) => /sqlite: delivery p99.*fsync/.test(note))).toBe(true)
    expect(text).toContain('Targets missed by the median, and why:')
  })

  it('counts a steady phase that left webhooks unanswered as a backlog', () => {
    const backlog = createDeliveryRun({ sent: 10_000, acked: 9000 })
    const twoOfThree = report(
      createResults({
        delivery: {
          ...createResults().delivery,
          redis: [backlog, backlog, createDeliveryRun()],
        },
      }),
    ).json
    expect(rowOf(twoOfThree, 'redis: delivery p99 (1000/s, 5000 streams)')).toMatchObject({
      porthole: '10.0 ms (backlog in 2 of 3 runs)',
      met: 'NO',
    })
    const oneOfThree = report(
      createResults({
        delivery: {
          ...createResults().delivery,
          redis: [backlog, createDeliveryRun(), createDeliveryRun()],
        },
      }),
    ).json
    expect(rowOf(oneOfThree, 'redis: delivery p99 (1000/s, 5000 streams)')?.met).toBe('yes')
  })

  it('says when the load generator itself stalled during a missed latency phase', () => {
    const { json } = report(
      createResults({
        delivery: {
          ...createResults().delivery,
          sqlite: [1, 2, 3].map(() =>
            createDeliveryRun({ p99: 80, loadGeneratorDelay: { p99: 40, max: 120 } }),
          ),
          memory: [1, 2, 3].map(() =>
            createDeliveryRun({ p99: 70, loadGeneratorDelay: { p99: 5, max: 12 } }),
          ),
        },
      }),
    )
    const sqlite = json.notes.find((note) => note.startsWith('sqlite: delivery p99'))
    expect(sqlite).toMatch(/load generator's own event loop stalled up to 120 ms \(p99 40 ms\)/)
    const memory = json.notes.find((note) => note.startsWith('memory: delivery p99'))
    expect(memory).toBeDefined()
    expect(memory).not.toMatch(/load generator's own event loop/)
  })

  it('says when the open-file limit kept it from opening 10,000 streams', () => {
    const { json } = report(
      createResults({
        capacity: [1, 2, 3].map(() => ({ opened: 700, failed: 0, perStream: 9 * 1024 })),
      }),
      { streams: 700 },
    )
    expect(rowOf(json, 'SSE: idle streams held')?.met).toBe('NO')
    expect(json.notes.join('\n')).toMatch(/open-file limit \(ulimit -n 20000\) allows 700/)
  })

  it('counts an acknowledged but undelivered webhook in any run as lost', () => {
    const { json } = report(
      createResults({
        delivery: {
          ...createResults().delivery,
          redis: [createDeliveryRun({ lost: 2 }), createDeliveryRun(), createDeliveryRun()],
        },
      }),
    )
    expect(rowOf(json, 'redis: acknowledged but lost / duplicated (all runs)')).toMatchObject({
      porthole: '2 / 0',
      met: 'NO',
    })
  })

  it('skips the redis rows, and says why, when redis-server is not installed', () => {
    const { text, json } = report(
      createResults({
        delivery: { ...createResults().delivery, redis: [] },
        redisSkipped: 'no redis-server binary found',
      }),
    )
    expect(rowOf(json, 'delivery on redis:')?.porthole).toBe('skipped')
    expect(json.skipped.join('\n')).toMatch(/no redis-server binary found/)
    expect(text).toContain('Not measured:')
    expect(json.notes).toEqual([])
  })

  it("adds the fault drill's lost / duplicated when its record is there", () => {
    const drill = (lost: number, failedRows: number) => ({
      date: '2026-11-22T17:00:00.000Z',
      rows: [{}, {}, {}],
      totals: { sent: 900, lost, duplicated: 2, failedRows },
    })
    const metric = 'drill: lost / duplicated (3 rows, 900 messages, 2026-11-22)'
    expect(rowOf(report(createResults({ drill: drill(0, 0) })).json, metric)).toMatchObject({
      porthole: '0 / 2',
      met: 'yes',
    })
    const lossy = report(createResults({ drill: drill(3, 1) })).json
    expect(rowOf(lossy, metric)).toMatchObject({ porthole: '3 / 2', met: 'NO' })
    expect(lossy.notes.join('\n')).toMatch(/1 drill row\(s\) lost messages/)
    expect(report().json.rows.some((row) => row.metric.startsWith('drill:'))).toBe(false)
  })
})

describe('bench report: the host page (Lighthouse)', () => {
  it('compares the page with the widget to the page without it, by their medians', () => {
    const { json } = report()
    expect(rowOf(json, 'page: performance score (Lighthouse 12 mobile, 3+3 runs)')).toMatchObject({
      porthole: '99',
      baseline: '99 (no widget)',
      met: 'yes',
    })
    expect(
      rowOf(json, 'widget: main-thread script (Lighthouse bootup-time, 4x CPU slowdown)'),
    ).toMatchObject({ porthole: '22.0 ms (20.0–25.0)', met: 'yes' })
    // The budgets are the compressed bodies; the headers are shown beside them.
    expect(
      rowOf(json, 'widget: brotli bodies transferred before engagement (3 sessions)'),
    ).toMatchObject({ porthole: '5.0 KB', baseline: '6.2 KB with 1.2 KB of headers', met: 'yes' })
    expect(
      rowOf(json, 'widget: brotli bodies transferred by the first open of the chat'),
    ).toMatchObject({ porthole: '18.0 KB', met: 'yes' })
  })

  it('misses LCP beyond +5 %, TBT beyond +10 ms, any added CLS and a lower score', () => {
    const { json } = report(
      createResults({
        page: createPageCost({ lcpMs: 800, tbtMs: 31, cls: 0.02, score: 97 }),
      }),
    )
    expect(rowOf(json, 'page: Largest Contentful Paint')).toMatchObject({
      porthole: '800.0 ms',
      baseline: '750.0 ms (no widget)',
      ratio: '1.07x',
      met: 'NO',
    })
    expect(rowOf(json, 'page: Total Blocking Time')).toMatchObject({ ratio: '+11 ms', met: 'NO' })
    expect(rowOf(json, 'page: Cumulative Layout Shift')).toMatchObject({
      ratio: '+0.020',
      met: 'NO',
    })
    expect(rowOf(json, 'page: performance score (Lighthouse 12 mobile, 3+3 runs)')?.met).toBe('NO')
  })

  it('meets LCP at exactly +5 % and TBT at exactly +10 ms', () => {
    const { json } = report(createResults({ page: createPageCost({ lcpMs: 787.5, tbtMs: 30 }) }))
    expect(rowOf(json, 'page: Largest Contentful Paint')?.met).toBe('yes')
    expect(rowOf(json, 'page: Total Blocking Time')?.met).toBe('yes')
  })

  it('misses the byte budgets of an uncompressed widget', () => {
    const { json } = report(
      createResults({ page: createPageCost({}, { before: 14.6 * 1024, open: 59 * 1024 }) }),
    )
    expect(
      rowOf(json, 'widget: brotli bodies transferred before engagement (3 sessions)'),
    ).toMatchObject({ porthole: '14.6 KB', met: 'NO' })
    expect(
      rowOf(json, 'widget: brotli bodies transferred by the first open of the chat')?.met,
    ).toBe('NO')
    expect(json.notes.join('\n')).toMatch(/Content-Encoding/)
  })

  it('counts a result without the headers apart (an older run) whole, headers included', () => {
    const page = createPageCost()
    page.firstOpen = page.firstOpen.map((run) => ({
      beforeEngagement: { bytes: run.beforeEngagement.bytes, requests: 3 },
      atFirstOpen: { bytes: run.atFirstOpen.bytes, requests: 6 },
    }))
    const { json } = report(createResults({ page }))
    expect(
      rowOf(json, 'widget: brotli bodies transferred before engagement (3 sessions)'),
    ).toMatchObject({ porthole: '6.2 KB', baseline: '6.2 KB', met: 'NO' })
  })

  it('uses the median run, not the best, for the page', () => {
    const page = createPageCost()
    page.widget = [900, 760, 1000].map((lcpMs) => createPageFigures({ lcpMs }))
    const { json } = report(createResults({ page }))
    expect(rowOf(json, 'page: Largest Contentful Paint')).toMatchObject({
      porthole: '900.0 ms (760.0–1000.0)',
      met: 'NO',
    })
  })

  it('skips the page rows, and says why, without Chromium', () => {
    const { json } = report(createResults({ page: 'no Chromium at /usr/bin/chromium' }))
    expect(rowOf(json, 'page: Lighthouse 12 mobile rows')?.porthole).toBe('skipped')
    expect(json.skipped).toEqual(['page rows: no Chromium at /usr/bin/chromium'])
  })
})

describe('bench report: a shared machine', () => {
  it('shows how much CPU other processes used during the delivery phases', () => {
    const results = createResults()
    results.delivery.sqlite = [0.05, 0.3, 0.1].map((othersCpu) => createDeliveryRun({ othersCpu }))
    const { json } = report(results)
    expect(
      rowOf(json, 'machine: CPU used by other processes (delivery phases, all servers)'),
    ).toMatchObject({ porthole: '2 % (2–30)', met: '—' })
  })

  it('says so in the note of a missed target when other processes took 10 % or more', () => {
    const results = createResults()
    results.delivery.redis = [0.05, 0.45, 0.1].map((othersCpu) =>
      createDeliveryRun({ othersCpu, p99: 90, rate: 500 }),
    )
    results.delivery.memory = [1, 2, 3].map(() => createDeliveryRun({ p99: 90, rate: 500 }))
    const { notes } = report(results).json
    expect(notes.find((note) => note.startsWith('redis: delivery p99'))).toMatch(
      /Other processes on the machine used up to 45 % of its CPU during these runs/,
    )
    expect(notes.find((note) => note.startsWith('redis: max sustained'))).toMatch(/up to 45 %/)
    expect(notes.find((note) => note.startsWith('memory: delivery p99'))).not.toMatch(
      /Other processes/,
    )
  })

  it("gives the disk's flush time in the notes of sqlite's missed targets only", () => {
    const results = createResults()
    results.delivery.sqlite = [0.6, 2.5, 0.5].map((flushMs) =>
      createDeliveryRun({ flushMs, p99: 90, rate: 500 }),
    )
    results.delivery.memory = [0.6, 2.5, 0.5].map((flushMs) =>
      createDeliveryRun({ flushMs, p99: 90, rate: 500 }),
    )
    const { notes } = report(results).json
    const flushes = /The disk took 0\.60 ms \(0\.50–2\.50\) per flush \(mean of each run\)/
    expect(notes.find((note) => note.startsWith('sqlite: delivery p99'))).toMatch(flushes)
    expect(notes.find((note) => note.startsWith('sqlite: max sustained'))).toMatch(flushes)
    expect(notes.find((note) => note.startsWith('memory: max sustained'))).not.toMatch(/flush/)
  })
})
