import { describe, expect, it } from 'vitest'
import { rowPassed, skippedRow } from '../../../bench/drill/report'

describe('skippedRow', () => {
  it('counts nothing, passes, and says in its notes why the scenario did not run', () => {
    const row = skippedRow('9. clock', 'libfaketime is missing')
    expect(row).toEqual({
      scenario: '9. clock',
      sent: 0,
      delivered: 0,
      lost: 0,
      duplicated: 0,
      recoverMs: undefined,
      notes: ['skipped: libfaketime is missing'],
    })
    expect(rowPassed(row)).toBe(true)
  })
})
