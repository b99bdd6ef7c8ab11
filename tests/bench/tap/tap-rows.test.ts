import { describe, expect, it } from 'vitest'
import { Rows } from '../../../bench/report/rows'
import { tapRows } from '../../../bench/report/tap-rows'
import type { PeerRun } from '../../../bench/tap/peer-tap'
import type { PageOrigin, TapRun, Visitor } from '../../../bench/tap/porthole-tap'
import type { TapResults } from '../../../bench/tap/tap-to-chat'

// The tap-to-chat rows: each visitor's median against its target, marked only from 5
// runs or more, with Rocket.Chat Livechat's same-run figures as the baseline.

const wire = (bytes: number, requests: number) => ({ bytes, requests, headerBytes: 0 })

function createTapRun(visitor: Visitor, tapToUsableMs: number, origin?: PageOrigin): TapRun {
  return {
    visitor,
    ...(origin ? { origin } : {}),
    tapToUsableMs,
    enterToSentMs: 200,
    shown: 1,
    tapToWindowMs: tapToUsableMs - 40,
    afterTap: wire(visitor === 'new' ? 13_181 : 0, visitor === 'new' ? 1 : 0),
    beforeEngagement: wire(6761, 3),
  }
}

const createPeerRun = (tapToUsableMs: number): PeerRun => ({
  tapToUsableMs,
  beforeEngagement: wire(379_503, 12),
  afterTap: wire(0, 0),
})

function results(usable: Record<Visitor, number[]>, peer: number[] = [100]): TapResults {
  return {
    runs: (Object.keys(usable) as Visitor[]).flatMap((visitor) =>
      usable[visitor].map((ms) => createTapRun(visitor, ms)),
    ),
    peer: peer.map(createPeerRun),
    loadAverage: { before: [1, 1, 1], after: [2, 2, 2] },
  }
}

const usableRow = (table: Rows, who: string) =>
  table.rows.find((row) => row.metric.includes(who) && row.metric.includes('tap to usable'))

describe('tap-to-chat rows', () => {
  it('marks each visitor by the median of 5 runs and explains a miss', () => {
    const table = new Rows()
    tapRows(
      table,
      results({
        new: [320, 330, 340, 350, 900],
        touched: [90, 95, 97, 110, 120],
        returning: [150, 160, 170, 180, 1300],
      }),
    )
    expect(usableRow(table, 'first touch')).toMatchObject({
      porthole: '340.0 ms (320.0–900.0)',
      met: 'NO',
    })
    expect(usableRow(table, 'touched the page')).toMatchObject({ met: 'yes' })
    expect(usableRow(table, 'returning')).toMatchObject({ target: '<= 400 ms', met: 'yes' })
    expect(table.notes).toHaveLength(1)
    expect(table.notes[0]).toContain('median 340 ms')
    // The peer is the baseline of the new visitors' rows.
    expect(usableRow(table, 'first touch')?.baseline).toContain('Rocket.Chat Livechat')
    expect(usableRow(table, 'first touch')?.ratio).toBe('3.40x')
  })

  it('marks no target from fewer than 5 runs', () => {
    const table = new Rows()
    tapRows(table, results({ new: [250], touched: [90], returning: [150] }))
    expect(usableRow(table, 'first touch')?.met).toBe('n/a')
    expect(table.notes).toEqual([])
  })

  it("gives the page on another origin and on the backend's their own rows, a record without origins the first", () => {
    const table = new Rows()
    const tap = results({ new: [300, 310, 320, 330, 340], touched: [], returning: [] })
    tap.runs.push(...[100, 110, 120, 130, 140].map((ms) => createTapRun('new', ms, 'same')))
    tap.runs.push(...[500, 510, 520, 530, 540].map((ms) => createTapRun('returning', ms, 'cross')))
    tapRows(table, tap)
    expect(usableRow(table, 'first touch, page on another origin')).toMatchObject({
      porthole: '320.0 ms (300.0–340.0)',
      met: 'NO',
    })
    expect(usableRow(table, "first touch, page on the backend's origin")).toMatchObject({
      porthole: '120.0 ms (100.0–140.0)',
      met: 'yes',
    })
    expect(usableRow(table, 'stored, page on another origin')).toMatchObject({
      porthole: '520.0 ms (500.0–540.0)',
      met: 'NO',
    })
    expect(usableRow(table, "stored, page on the backend's origin")).toBeUndefined()
  })

  it('says why the rows were not measured', () => {
    const table = new Rows()
    tapRows(table, 'no Chromium at /usr/bin/chromium')
    expect(table.skips).toEqual(['tap to chat: no Chromium at /usr/bin/chromium'])
  })
})
