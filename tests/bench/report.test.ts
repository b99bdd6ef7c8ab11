import { describe, expect, it } from 'vitest'
import { buildReport, type Plan } from '../../bench/lib/report.mjs'

// The benchmark's table: every figure beside its baseline and target, a missed target
// marked NO and explained in the closing note.

const plan: Plan = {
  streams: 10_000,
  visitors: 5000,
  rate: 1000,
  seconds: 10,
  concurrency: 32,
  pollers: 10_000,
  pollFor: 60,
  cacheSeconds: 15,
}

function createDelivery(
  overrides: {
    p99?: number
    rate?: number
    lost?: number
    loadGeneratorDelay?: { p99: number; max: number }
  } = {},
) {
  const steady = {
    sent: 10_000,
    acked: 10_000,
    unanswered: 0,
    delivered: 10_000,
    lost: overrides.lost ?? 0,
    duplicates: 0,
    p50: 2,
    p99: overrides.p99 ?? 10,
    max: 30,
    ...(overrides.loadGeneratorDelay ? { loadGeneratorDelay: overrides.loadGeneratorDelay } : {}),
  }
  const rate = overrides.rate ?? 2000
  const max = {
    sent: rate * 10,
    acked: rate * 10,
    delivered: rate * 10,
    lost: 0,
    duplicates: 0,
    seconds: 10,
    rate,
  }
  return { opened: 5000, steady, max }
}

function createResults(overrides: Record<string, unknown> = {}) {
  return {
    widget: { loader: 5 * 1024, everything: 20 * 1024, files: 3 },
    capacity: { opened: 10_000, failed: 0, perStream: 9 * 1024 },
    rawCapacity: { opened: 10_000, failed: 0, perStream: 11 * 1024 },
    delivery: createDelivery(),
    memoryDelivery: createDelivery(),
    redisDelivery: createDelivery(),
    rawDelivery: createDelivery({ rate: 2100 }),
    status: { requests: 20_000, ok: 20_000, failed: 0, pollSeconds: 30, upstreamCalls: 4 },
    ...overrides,
  }
}

function report(results = createResults(), streamCount = 10_000) {
  return buildReport({ results, plan, quick: false, streamCount, fdLimit: 20_000, seconds: 100 })
}

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
    expect(metrics.some((metric) => metric.startsWith('status: upstream A1 calls'))).toBe(true)
    expect(json.rows.every((row) => row.met !== 'NO')).toBe(true)
    expect(text).toContain('Every target met.')
  })

  it('marks a missed target NO and says why in the closing note', () => {
    const { text, json } = report(
      createResults({
        capacity: { opened: 10_000, failed: 0, perStream: 20 * 1024 },
        delivery: createDelivery({ p99: 120, rate: 500 }),
      }),
    )
    const rss = json.rows.find((row) => row.metric === 'SSE: RSS per idle stream')
    expect(rss).toMatchObject({ porthole: '20.0 KB', met: 'NO', ratio: '1.82x' })
    const rate = json.rows.find((row) => row.metric === 'sqlite: max sustained webhook rate')
    expect(rate).toMatchObject({ met: 'NO', ratio: '0.24x' })
    expect(json.notes.some((note) => note.startsWith('SSE: RSS per idle stream:'))).toBe(true)
    expect(json.notes.some((note) => /sqlite: delivery p99.*fsync/.test(note))).toBe(true)
    expect(text).toContain('Targets missed, and why:')
  })

  it('says when the load generator itself stalled during a missed latency phase', () => {
    const { json } = report(
      createResults({
        delivery: createDelivery({ p99: 80, loadGeneratorDelay: { p99: 40, max: 120 } }),
        memoryDelivery: createDelivery({ p99: 70, loadGeneratorDelay: { p99: 5, max: 12 } }),
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
      createResults({ capacity: { opened: 700, failed: 0, perStream: 9 * 1024 } }),
      700,
    )
    expect(json.rows.find((row) => row.metric === 'SSE: idle streams held')?.met).toBe('NO')
    expect(json.notes.join('\n')).toMatch(/open-file limit \(ulimit -n 20000\) allows 700/)
  })

  it('counts an acknowledged but undelivered webhook as lost', () => {
    const { json } = report(createResults({ redisDelivery: createDelivery({ lost: 2 }) }))
    const row = json.rows.find((r) => r.metric === 'redis: acknowledged but lost / duplicated')
    expect(row).toMatchObject({ porthole: '2 / 0', met: 'NO' })
  })

  it('skips the redis rows with a note when redis-server is not installed', () => {
    const { json } = report(createResults({ redisDelivery: undefined }))
    expect(json.rows.find((row) => row.metric === 'delivery on redis:')?.porthole).toBe('skipped')
    expect(json.notes.join('\n')).toMatch(/install redis-server/)
  })

  it("adds the fault drill's lost / duplicated when its record is there", () => {
    const drill = (lost: number, failedRows: number) => ({
      date: '2026-11-22T17:00:00.000Z',
      rows: [{}, {}, {}],
      totals: { sent: 900, lost, duplicated: 2, failedRows },
    })
    const metric = 'drill: lost / duplicated (3 rows, 900 messages, 2026-11-22)'
    const clean = report(createResults({ drill: drill(0, 0) })).json.rows
    expect(clean.find((row) => row.metric === metric)).toMatchObject({
      porthole: '0 / 2',
      met: 'yes',
    })
    const lossy = report(createResults({ drill: drill(3, 1) })).json
    expect(lossy.rows.find((row) => row.metric === metric)).toMatchObject({
      porthole: '3 / 2',
      met: 'NO',
    })
    expect(lossy.notes.join('\n')).toMatch(/1 drill row\(s\) lost messages/)
    expect(report().json.rows.some((row) => row.metric.startsWith('drill:'))).toBe(false)
  })
})
