import { describe, expect, it } from 'vitest'
import { isTooDeep, MAX_JSON_DEPTH } from '../../../server/http/json-depth'

function nested(depth: number): unknown {
  return JSON.parse(`${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`)
}

describe('isTooDeep', () => {
  it('counts each array or object level', () => {
    expect(isTooDeep(JSON.parse('[[[]]]'), 3)).toBe(false)
    expect(isTooDeep(JSON.parse('[[[]]]'), 2)).toBe(true)
    expect(isTooDeep({ a: 1, b: 'x', c: null }, 1)).toBe(false)
    expect(isTooDeep('text', 0)).toBe(false)
  })

  it('allows 64 levels by default and refuses 65', () => {
    expect(isTooDeep(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(isTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true)
  })

  it('walks 100,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)
    expect(isTooDeep(deep)).toBe(true)
    expect(isTooDeep(deep, 200_000)).toBe(false)
  })
})
