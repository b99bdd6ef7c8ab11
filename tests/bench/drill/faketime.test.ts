import { describe, expect, it } from 'vitest'
import {
  faketimeEnv,
  findFaketimeLibrary,
  offsetLine,
  storedRow,
  unauthorizedProblem,
} from '../../../bench/drill/faketime'
import { rowPassed } from '../../../bench/drill/report'

describe('the clock row: libfaketime', () => {
  it('finds the first library that exists, and none when the package is missing', () => {
    const present = new Set(['/b/libfaketime.so.1', '/c/libfaketime.so.1'])
    const exists = (path: string) => present.has(path)
    expect(
      findFaketimeLibrary(exists, [
        '/a/libfaketime.so.1',
        '/b/libfaketime.so.1',
        '/c/libfaketime.so.1',
      ]),
    ).toBe('/b/libfaketime.so.1')
    expect(findFaketimeLibrary(() => false)).toBeUndefined()
  })

  it('reads the offset from a file on every call and leaves the monotonic clock real', () => {
    expect(faketimeEnv('/lib/libfaketime.so.1', '/tmp/x/faketime')).toEqual({
      LD_PRELOAD: '/lib/libfaketime.so.1',
      FAKETIME_TIMESTAMP_FILE: '/tmp/x/faketime',
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    })
  })

  it('writes relative offsets in seconds, signed, and refuses fractions', () => {
    expect(offsetLine(31 * 86_400)).toBe('+2678400\n')
    expect(offsetLine(-600)).toBe('-600\n')
    expect(offsetLine(0)).toBe('+0\n')
    expect(() => offsetLine(1.5)).toThrow(RangeError)
  })
})

describe('the clock row: what was stored before the restart at +31 days', () => {
  const whole = {
    entriesBefore: 64,
    entriesAfter: 64,
    filesBefore: 2,
    filesAfter: 2,
    fileStatus: 200,
    fileSame: true,
  }

  it('counts the entries and the attachment: nothing lost when all are there and it is served', () => {
    const row = storedRow('9. stored', whole)
    expect(row).toMatchObject({ scenario: '9. stored', sent: 65, delivered: 65, lost: 0 })
    expect(rowPassed(row)).toBe(true)
    expect(row.notes[0]).toMatch(
      /64\/64; files on disk 2\/2; the attachment answered 200 with its bytes/,
    )
  })

  it('counts deleted entries and an attachment gone (or altered) as lost', () => {
    const row = storedRow('9. stored', {
      ...whole,
      entriesAfter: 48,
      filesAfter: 0,
      fileStatus: 404,
    })
    expect(row).toMatchObject({ sent: 65, delivered: 48, lost: 17 })
    expect(rowPassed(row)).toBe(false)
    expect(storedRow('9. stored', { ...whole, fileSame: false }).lost).toBe(1)
  })

  it('fails on any 401 while the clock was back', () => {
    expect(unauthorizedProblem(0)).toBeUndefined()
    expect(unauthorizedProblem(3)).toMatch(/^3 visitor requests got 401/)
  })
})
