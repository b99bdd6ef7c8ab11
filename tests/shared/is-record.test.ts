import { describe, expect, it } from 'vitest'
import { isRecord } from '../../shared/is-record'

describe('isRecord', () => {
  it('is true for plain objects, whatever they hold', () => {
    expect(isRecord({})).toBe(true)
    expect(isRecord({ type: 'text', text: 'hi' })).toBe(true)
    expect(isRecord(JSON.parse('{"a":[1]}'))).toBe(true)
  })

  it('is false for null, arrays and every primitive', () => {
    for (const value of [null, undefined, [], [{ a: 1 }], 'text', 1, true, 0n])
      expect(isRecord(value), String(value)).toBe(false)
  })
})
