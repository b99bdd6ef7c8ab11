// A small collection for what is one item almost always and several now and then: a
// visitor's open streams (one per tab) and a visitor's listeners. Held as the item itself
// until a second one joins, so 100,000 visitors with one tab each cost no Set (about
// 180 bytes of heap each, a Set and its table) in the stream hub or the fan-out.

/** Undefined (none), the one item, or a Set from the second item on. */
export type OneOrMany<T extends object> = T | Set<T> | undefined

/** `items` with `item` added (a new Set when it becomes the second). */
export function withItem<T extends object>(items: OneOrMany<T>, item: T): OneOrMany<T> {
  if (items === undefined || items === item) return item
  if (items instanceof Set) return items.add(item)
  return new Set([items, item])
}

/** `items` without `item` (back to the item itself when one is left); same value if absent. */
export function withoutItem<T extends object>(items: OneOrMany<T>, item: T): OneOrMany<T> {
  if (items === item) return undefined
  if (!(items instanceof Set) || !items.delete(item)) return items
  if (items.size > 1) return items
  return items.values().next().value
}

export function hasItem<T extends object>(items: OneOrMany<T>, item: T): boolean {
  return items === item || (items instanceof Set && items.has(item))
}

export function sizeOf<T extends object>(items: OneOrMany<T>): number {
  if (items === undefined) return 0
  return items instanceof Set ? items.size : 1
}

/** The item added first. */
export function firstOf<T extends object>(items: OneOrMany<T>): T | undefined {
  return items instanceof Set ? items.values().next().value : items
}

/** A copy in insertion order: safe to iterate while the items change. */
export function listOf<T extends object>(items: OneOrMany<T>): T[] {
  if (items === undefined) return []
  return items instanceof Set ? [...items] : [items]
}

/** Calls `visit` on each item in insertion order, without a copy (do not change `items` meanwhile). */
export function forEachItem<T extends object>(items: OneOrMany<T>, visit: (item: T) => void): void {
  if (items === undefined) return
  if (items instanceof Set) for (const item of items) visit(item)
  else visit(items)
}
