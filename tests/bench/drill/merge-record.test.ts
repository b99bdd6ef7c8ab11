import { describe, expect, it } from 'vitest'
import { mergeDrillRecord, scenarioOfRow } from '../../../bench/drill/merge-record'
import { SCENARIOS } from '../../../bench/drill/options'
import { drillRecord, failedRow, type RowResult } from '../../../bench/drill/report'

const row = (scenario: string, sent = 10, lost = 0): RowResult => ({
  scenario,
  sent,
  delivered: sent - lost,
  lost,
  duplicated: 0,
  recoverMs: undefined,
  notes: [],
})
const base = { quick: false, machine: 'm', seconds: 1, settings: [] }

describe('mergeDrillRecord (--only keeps the other rows of the results file)', () => {
  const previous = {
    ...drillRecord({
      ...base,
      rows: [
        row('1. replay 10000 to a throttled reader'),
        row('2a. burst 500: live stream'),
        row('6. Redis kill -9 + restart: customer → service'),
        row('9. clock step: customer → service', 5, 1),
      ],
    }),
    date: '2026-11-23T01:35:11.208Z',
  }

  it('tells each row label from its scenario, the two rows 7 apart', () => {
    expect(scenarioOfRow('7. disk full: agent → visitor')).toBe('disk')
    expect(scenarioOfRow('7. Redis frozen 20 s: agent → visitor')).toBe('freeze')
    expect(scenarioOfRow('4b. service answers 503 60 s')).toBe('outage')
    expect(scenarioOfRow('clock')).toBe('clock')
    expect(scenarioOfRow('something else')).toBeUndefined()
  })

  it('replaces the rows of the scenarios that ran and keeps the others, in the drill order', () => {
    const current = drillRecord({
      ...base,
      rows: [
        row('9. clock step: customer → service', 90),
        row('9. clock step: agent → visitor', 90),
      ],
    })
    const merged = mergeDrillRecord(previous, current, ['clock'])
    expect(merged.rows.map((r) => r.scenario)).toEqual([
      '1. replay 10000 to a throttled reader',
      '2a. burst 500: live stream',
      '6. Redis kill -9 + restart: customer → service',
      '9. clock step: customer → service',
      '9. clock step: agent → visitor',
    ])
    expect(merged.totals).toEqual({ sent: 210, lost: 0, duplicated: 0, failedRows: 0 })
    expect(merged.kept).toMatch(/^3 row\(s\) from the run of 2026-11-23T01:35:11.208Z/)
    expect(merged.date).toBe(current.date)
  })

  it('replaces an old row by a failure of the same scenario, and keeps nothing after a full run', () => {
    const failed = drillRecord({ ...base, rows: [failedRow('clock', new Error('boom'))] })
    const merged = mergeDrillRecord(previous, failed, ['clock'])
    expect(merged.rows.map((r) => r.scenario).at(-1)).toBe('clock')
    expect(merged.rows.some((r) => r.scenario.startsWith('9.'))).toBe(false)
    expect(mergeDrillRecord(previous, failed, SCENARIOS)).toBe(failed)
    expect(mergeDrillRecord(undefined, failed, ['clock'])).toBe(failed)
  })

  it('refuses to overwrite a file that is not a drill record', () => {
    const current = drillRecord({ ...base, rows: [] })
    expect(() => mergeDrillRecord({ hello: 1 }, current, ['clock'])).toThrow(/not a drill record/)
  })
})
