// Counting what arrived against what was sent: the figures of one drill row.

export type Tally = {
  sent: number
  /** Distinct sent keys that arrived at least once. */
  delivered: number
  /** Sent keys that never arrived. */
  lost: number
  /** Arrivals beyond the first of a key. */
  duplicated: number
  /** Keys that arrived but were never sent (a sign of a mix-up; not counted as delivered). */
  unexpected: number
  /** Up to 5 of the lost keys, for the report. */
  lostExamples: string[]
}

/** Tallies `received` (every arrival, in order, duplicates included) against `sent`. */
export function tally(sent: readonly string[], received: readonly string[]): Tally {
  const expected = new Set(sent)
  const seen = new Map<string, number>()
  let unexpected = 0
  for (const key of received) {
    if (!expected.has(key)) {
      unexpected += 1
      continue
    }
    seen.set(key, (seen.get(key) ?? 0) + 1)
  }
  let duplicated = 0
  for (const count of seen.values()) duplicated += count - 1
  const lostKeys = [...expected].filter((key) => !seen.has(key))
  return {
    sent: expected.size,
    delivered: seen.size,
    lost: lostKeys.length,
    duplicated,
    unexpected,
    lostExamples: lostKeys.slice(0, 5),
  }
}

/**
 * How many arrivals came before one that was sent earlier: 0 when `received` keeps the
 * order of `sent` (keys not in `sent` and repeats are ignored).
 */
export function outOfOrder(sent: readonly string[], received: readonly string[]): number {
  const rank = new Map(sent.map((key, index) => [key, index]))
  const first = new Set<string>()
  let highest = -1
  let count = 0
  for (const key of received) {
    const position = rank.get(key)
    if (position === undefined || first.has(key)) continue
    first.add(key)
    if (position < highest) count += 1
    else highest = position
  }
  return count
}

/**
 * Tallies several independent views of the same log (a replayed stream, the history
 * pages): a key counts as delivered when any view holds it; duplicates are those of the
 * worst view (a view repeating a key), never the overlap between views.
 */
export function unionTally(sent: readonly string[], views: readonly (readonly string[])[]): Tally {
  const union = tally(
    sent,
    views.flatMap((view) => [...new Set(view)]),
  )
  const duplicated = Math.max(0, ...views.map((view) => tally(sent, view).duplicated))
  return {
    ...union,
    duplicated,
    unexpected: Math.max(0, ...views.map((view) => tally(sent, view).unexpected)),
  }
}
