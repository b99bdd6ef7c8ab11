import { describe, expect, it } from 'vitest'
import type { CapacityScale } from '../../../bench/capacity/run-capacity'
import type { Deliveries, ScaleRun, WindowRun } from '../../../bench/capacity/scale'
import { Rows } from '../../../bench/report/rows'
import { beatMicros, scaleRows } from '../../../bench/report/scale-rows'

function createDeliveries(overrides: Partial<Deliveries> = {}): Deliveries {
  return {
    rate: 1000,
    sent: 10_000,
    acked: 10_000,
    delivered: 10_000,
    lost: 0,
    duplicates: 0,
    p50: 2,
    p99: 20,
    max: 40,
    ...overrides,
  }
}

function createScaleRun(overrides: Partial<ScaleRun> = {}, perStream = 12 * 1024): ScaleRun {
  const opened = overrides.opened ?? 100_000
  const instances = overrides.instances?.length ?? 1
  return {
    wanted: 100_000,
    opened,
    failed: 0,
    firstFailure: '',
    instances: Array.from({ length: instances }, () => ({
      streams: opened / instances,
      rssBase: 90 * 1024 * 1024,
      rssPerStream: perStream,
      fdsPerStream: 1,
      idleCpu: 0.04,
    })),
    statusMs: 900,
    statusReached: opened,
    steady: createDeliveries(),
    loadAverage: [1.5, 1.2, 1],
    ...overrides,
  }
}

/**
 * The beating window (a beat a second: 50 pings per stream in 50 s, 4 % of a core) and
 * the same window with no beat, `micros` µs per ping under it.
 */
function createWindows(micros: number, opened = 100_000): Pick<CapacityScale, 'beating' | 'quiet'> {
  const instance = createScaleRun({ opened }).instances[0]
  if (!instance) throw new Error('no instance')
  const pings = 50 * opened
  const share = (micros * pings) / 1000 / 50_000
  const run = (idleCpu: number, pings: number): WindowRun => ({
    wanted: 100_000,
    opened,
    instances: [{ ...instance, idleCpu }],
    pings,
    loadAverage: [1, 1, 1],
  })
  return { beating: run(0.04, pings), quiet: run(0.04 - share, 0) }
}

function createScale(overrides: Partial<CapacityScale> = {}): CapacityScale {
  return {
    openFiles: { limit: 1_048_576 },
    single: createScaleRun(),
    // 5 µs per stream and beat: at 100,000 streams every 25 s, 2 % of a core.
    ...createWindows(5),
    raw: createScaleRun({}, 11 * 1024),
    pair: createScaleRun({
      instances: [createScaleRun().instances[0], createScaleRun().instances[0]].flatMap((i) =>
        i ? [i] : [],
      ),
      moved: 1000,
      moving: createDeliveries({ p99: 300, max: 800 }),
      redisMemory: {
        empty: 1_000_000,
        sessions: 2_000_000,
        messages: 3_000_000,
        visitors: 100_000,
      },
    }),
    ...overrides,
  }
}

const rowsOf = (scales: CapacityScale[]) => {
  const table = new Rows()
  scaleRows(table, scales)
  return table
}
const row = (table: Rows, start: string) => table.rows.find((r) => r.metric.startsWith(start))

describe('capacity rows at scale', () => {
  it('marks the targets met by the medians at the full number of streams', () => {
    const table = rowsOf([
      createScale(),
      createScale(createWindows(5.5)),
      createScale(createWindows(6)),
    ])
    expect(row(table, 'SSE: idle streams held on one instance')).toMatchObject({
      porthole: '100000',
      met: 'yes',
    })
    expect(row(table, 'SSE: RSS per idle stream, one instance')).toMatchObject({
      ratio: '1.09x',
      met: 'yes',
    })
    expect(row(table, 'SSE: heartbeat CPU per stream and beat, one instance')).toMatchObject({
      porthole: '5.5 µs (5.0–6.0)',
      met: '—',
    })
    expect(row(table, 'SSE: heartbeat CPU at 100000 streams every 25 s')).toMatchObject({
      porthole: '2.20 % (2.00–2.40)',
      target: '<= 3 %',
      met: 'yes',
    })
    expect(row(table, 'SSE: idle CPU over 50 s, the whole process')?.porthole).toBe('4.00 %')
    expect(row(table, 'SSE: a status change reaching every stream, one instance')?.met).toBe('yes')
    expect(row(table, 'SSE: webhooks delivered p99, 1000/s')?.met).toBe('yes')
    // The pair's held streams are held to the target; the phase of the moves is told apart.
    expect(
      row(table, 'SSE: webhooks delivered p99, 1000/s while the streams are held, two instances'),
    ).toMatchObject({ porthole: '20.0 ms', met: 'yes' })
    expect(
      row(table, 'SSE: webhooks delivered p99, 1000/s while 1000 streams move between instances'),
    ).toMatchObject({ porthole: '300.0 ms', target: '—', met: '—' })
    expect(
      row(
        table,
        'SSE: acknowledged but lost / duplicated, two instances on Redis (3000 streams moved',
      )?.met,
    ).toBe('yes')
    expect(row(table, 'Redis: used_memory per 1,000 visitors')?.porthole).toBe('9.8 KB / 19.5 KB')
    expect(table.notes).toEqual([])
  })

  it('says how many streams the open-file limit allowed and marks no per-stream target met', () => {
    const note = 'the open-file limit stays at 20000'
    const fewer = createScale({
      openFiles: { limit: 20_000, note },
      single: createScaleRun({ opened: 18_000 }),
      raw: createScaleRun({ opened: 18_000 }, 11 * 1024),
      ...createWindows(5, 18_000),
    })
    const table = rowsOf([fewer])
    expect(row(table, 'SSE: idle streams held on one instance')).toMatchObject({
      porthole: '18000',
      met: 'NO',
    })
    expect(table.notes.join('\n')).toContain(`measured at 18000 streams, not 100000: ${note}`)
    expect(row(table, 'SSE: RSS per idle stream, one instance')?.met).toBe('n/a')
    expect(row(table, 'SSE: heartbeat CPU at 100000 streams every 25 s')?.met).toBe('n/a')
  })

  it('marks the heartbeat target missed when a beat costs too much per stream', () => {
    const table = rowsOf([9, 10, 11].map((micros) => createScale(createWindows(micros))))
    expect(row(table, 'SSE: heartbeat CPU at 100000 streams every 25 s')).toMatchObject({
      porthole: '4.00 % (3.60–4.40)',
      met: 'NO',
    })
  })

  it('counts a beat as the beating window minus the quiet one, over the pings heard', () => {
    const { beating, quiet } = createWindows(5, 18_000)
    if (!beating || !quiet) throw new Error('no windows')
    expect(beatMicros(beating, quiet)).toBeCloseTo(5, 6)
    // Per ping the streams heard, not per beat the interval promises: a beat skipped
    // (a walk still running) or a stream that missed one counts no beat.
    expect(beatMicros({ ...beating, pings: beating.pings / 2 }, quiet)).toBeCloseTo(10, 6)
    // Not the whole window over the pings (0.04 × 50 s / 900,000 pings = 2.2 µs).
    const idle = { ...quiet, instances: quiet.instances.map((i) => ({ ...i, idleCpu: 0 })) }
    expect(beatMicros(beating, idle)).toBeCloseTo(2000 / 900, 6)
    // No ping heard: no figure (not a division by zero).
    expect(beatMicros({ ...beating, pings: 0 }, quiet)).toBe(undefined)
  })

  it('takes the heartbeat from the beating window, not the instance that took webhooks', () => {
    // The single instance's window is busier (it took the status change and webhooks
    // after it): it must not stand in for the beating window.
    const scale = createScale({
      single: createScaleRun({
        instances: [
          { ...(createScaleRun().instances[0] as ScaleRun['instances'][number]), idleCpu: 0.5 },
        ],
      }),
    })
    expect(row(rowsOf([scale]), 'SSE: heartbeat CPU per stream and beat')?.porthole).toBe('5.0 µs')
  })

  it('scales the same beat to the interval Sizing advises, with its own verdict', () => {
    // 12.6 µs per stream and beat: 5.04 % of a core every 25 s, 2.80 % every 45 s.
    const met = rowsOf([createScale(createWindows(12.6))])
    const title = 'SSE: heartbeat CPU at 100000 streams every 45 s (HEARTBEAT_SECONDS=45'
    expect(row(met, title)).toMatchObject({ porthole: '2.80 %', target: '<= 3 %', met: 'yes' })
    expect(row(met, 'SSE: heartbeat CPU at 100000 streams every 25 s')).toMatchObject({
      porthole: '5.04 %',
      met: 'NO',
    })
    // Without a quiet window there is no heartbeat figure, and the table says why.
    const none = rowsOf([createScale({ quiet: undefined })])
    expect(row(none, 'SSE: heartbeat CPU')).toBe(undefined)
    expect(none.skips.join('\n')).toContain('no beating and quiet windows')
  })

  it('counts a webhook lost on a moved stream in any run', () => {
    const lost = createScale()
    const moving = lost.pair?.moving
    if (lost.pair && moving) lost.pair = { ...lost.pair, moving: { ...moving, lost: 2 } }
    const table = rowsOf([createScale(), lost])
    expect(row(table, 'SSE: acknowledged but lost / duplicated, two instances')).toMatchObject({
      porthole: '2 / 0',
      met: 'NO',
    })
  })
})
