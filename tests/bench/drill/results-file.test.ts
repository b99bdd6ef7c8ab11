import { describe, expect, it } from 'vitest'
import { type DrillRecord, drillRecord, type RowResult } from '../../../bench/drill/report'
import { mergeDrillRecord, scenarioOfRow } from '../../../bench/drill/results-file'

const row = (scenario: string, sent: number, lost = 0): RowResult => ({
  scenario,
  sent,
  delivered: sent - lost,
  lost,
  duplicated: 0,
  recoverMs: 1000,
  notes: [],
})

const full: DrillRecord = {
  ...drillRecord({
    quick: false,
    machine: 'm1',
    seconds: 118,
    settings: ['outage 60 s'],
    rows: [
      row('1. replay 10000 to a throttled reader', 10_000),
      row('2a. burst 500: live stream', 500),
      row('5. kill -9 backend: agent → visitor', 300),
      row('8. e-mail: SMTP 451s + kill -9: 200 visitors', 400, 3),
    ],
  }),
  date: '2026-11-23T01:35:11.208Z',
}

describe('scenarioOfRow', () => {
  it('knows a row by its number, or by the name of a row that failed to run', () => {
    expect(scenarioOfRow('2c. burst 500: reload without id + history')).toBe('burst')
    expect(scenarioOfRow('5. kill -9 backend: agent → visitor')).toBe('crash')
    expect(scenarioOfRow('8. e-mail: SMTP 451s + kill -9: 200 visitors')).toBe('email')
    expect(scenarioOfRow('email')).toBe('email')
    expect(scenarioOfRow('something else')).toBeUndefined()
  })
})

describe('mergeDrillRecord', () => {
  const emailRun = drillRecord({
    quick: false,
    machine: 'm2',
    seconds: 230,
    settings: ['outage 60 s', 'e-mail: afterSeconds 10'],
    rows: [row('8. e-mail: SMTP 451s + kill -9: 200 visitors', 400)],
  })

  it('keeps the rows that did not run, replaces those that did, and counts the totals again', () => {
    const merged = mergeDrillRecord(full, emailRun, ['email'])
    expect(merged.rows.map((r) => r.scenario)).toEqual([
      '1. replay 10000 to a throttled reader',
      '2a. burst 500: live stream',
      '5. kill -9 backend: agent → visitor',
      '8. e-mail: SMTP 451s + kill -9: 200 visitors',
    ])
    expect(merged.rows.at(-1)?.lost).toBe(0)
    expect(merged.totals).toEqual({ sent: 11_200, lost: 0, duplicated: 0, failedRows: 0 })
    expect(merged.settings).toEqual(['outage 60 s', 'e-mail: afterSeconds 10'])
    expect(merged.runs).toEqual([
      { date: full.date, only: 'all', seconds: 118, machine: 'm1' },
      { date: emailRun.date, only: ['email'], seconds: 230, machine: 'm2' },
    ])
  })

  it('puts a new row in the drill order and adds to the runs of a merged record', () => {
    const withoutEmail = { ...full, rows: full.rows.slice(0, 3) }
    const crashRun = drillRecord({
      quick: false,
      machine: 'm2',
      seconds: 40,
      settings: [],
      rows: [row('crash', 0)],
    })
    const once = mergeDrillRecord(withoutEmail, emailRun, ['email'])
    const twice = mergeDrillRecord(once, crashRun, ['crash'])
    expect(twice.rows.map((r) => r.scenario)).toEqual([
      '1. replay 10000 to a throttled reader',
      '2a. burst 500: live stream',
      'crash',
      '8. e-mail: SMTP 451s + kill -9: 200 visitors',
    ])
    expect(twice.runs?.map((run) => run.only)).toEqual(['all', ['email'], ['crash']])
  })

  it('drops an earlier run whose rows all ran again from the runs', () => {
    const again = drillRecord({ ...emailRun, seconds: 231 })
    const merged = mergeDrillRecord(mergeDrillRecord(full, emailRun, ['email']), again, ['email'])
    expect(merged.runs?.map((run) => [run.only, run.seconds])).toEqual([
      ['all', 118],
      [['email'], 231],
    ])
  })

  it('writes a run of every row, or over a missing, foreign or --quick record, as it is', () => {
    const all = drillRecord({ ...emailRun, rows: emailRun.rows })
    const every = [
      'replay',
      'burst',
      'device',
      'outage',
      'crash',
      'redis',
      'disk',
      'email',
    ] as const
    expect(mergeDrillRecord(full, all, every)).toBe(all)
    expect(mergeDrillRecord(undefined, emailRun, ['email'])).toBe(emailRun)
    expect(mergeDrillRecord({ not: 'a record' }, emailRun, ['email'])).toBe(emailRun)
    expect(mergeDrillRecord({ ...full, quick: true }, emailRun, ['email'])).toBe(emailRun)
  })
})
