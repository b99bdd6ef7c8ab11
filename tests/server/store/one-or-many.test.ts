import { describe, expect, it } from 'vitest'
import {
  firstOf,
  forEachItem,
  hasItem,
  listOf,
  type OneOrMany,
  sizeOf,
  withItem,
  withoutItem,
} from '../../../server/store/one-or-many'

const item = (name: string) => ({ name })

describe('one or many', () => {
  it('holds one item as itself, a Set from the second, and the item again when one is left', () => {
    const a = item('a')
    const b = item('b')
    let items: OneOrMany<{ name: string }> = withItem(undefined, a)
    expect(items).toBe(a)
    expect(withItem(items, a)).toBe(a)
    items = withItem(items, b)
    expect(items).toBeInstanceOf(Set)
    expect(listOf(items)).toEqual([a, b])
    expect(sizeOf(items)).toBe(2)
    expect(firstOf(items)).toBe(a)
    items = withoutItem(items, a)
    expect(items).toBe(b)
    expect(hasItem(items, a)).toBe(false)
    expect(withoutItem(items, a)).toBe(b)
    expect(withoutItem(items, b)).toBeUndefined()
  })

  it('keeps insertion order and counts each item once', () => {
    const [a, b, c] = [item('a'), item('b'), item('c')]
    let items: OneOrMany<{ name: string }>
    for (const next of [a, b, c, b]) items = withItem(items, next)
    const seen: string[] = []
    forEachItem(items, (each) => seen.push(each.name))
    expect(seen).toEqual(['a', 'b', 'c'])
    items = withoutItem(items, b)
    expect(listOf(items)).toEqual([a, c])
    expect(sizeOf(undefined)).toBe(0)
    expect(listOf(undefined)).toEqual([])
  })
})
