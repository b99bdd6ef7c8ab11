import { describe, expect, it } from 'vitest'
import {
  drillRecord,
  failedRow,
  formatDrillTable,
  formatNotes,
  rowOf,
  rowPassed,
} from '../../../bench/drill/report'
import { tally } from '../../../bench/drill/tally'

describe('drill report', () => {
  const clean = rowOf('5. kill -9', tally(['a', 'b'], ['a', 'b', 'b']), 3200, ['at-least-once'])
  const lossy = rowOf('4a. down', tally(['a', 'b'], ['a']), undefined, [])
  const broken = failedRow('6. Redis', new Error('no redis-server'))

  it('passes a row with duplicates but no loss; fails loss and a row that did not run', () => {
    expect([clean, lossy, broken].map(rowPassed)).toEqual([true, false, false])
    expect(lossy.notes).toEqual(['lost e.g. b'])
  })

  it('prints one line per row with the figures and the verdict, then the notes', () => {
    const table = formatDrillTable([clean, lossy, broken])
    const lines = table.split('\n')
    expect(lines[0]).toMatch(/scenario.*sent.*delivered.*lost.*duplicated.*time to recover.*ok\?/)
    expect(lines[2]).toMatch(/5\. kill -9 .*\|\s+2 \|\s+2 \|\s+0 \|\s+1 \|\s+3\.2 s \|\s+yes \|/)
    expect(lines[3]).toMatch(/4a\. down .*\|\s+1 \|\s+1 \|\s+0 \|\s+— \|\s+NO \|/)
    expect(lines[4]).toMatch(/ERROR/)
    expect(formatNotes([clean, broken])).toBe(
      '- 5. kill -9: at-least-once\n- 6. Redis: FAILED TO RUN: no redis-server',
    )
  })

  it('totals every row for the benchmark table', () => {
    const record = drillRecord({
      quick: true,
      machine: 'm',
      seconds: 1,
      settings: [],
      rows: [clean, lossy, broken],
    })
    expect(record.totals).toEqual({ sent: 4, lost: 1, duplicated: 1, failedRows: 2 })
  })
})
