import { useRef } from 'preact/hooks'

/** A message of the list: its key, the message it was sent as (an outbox item already seen), its time. */
export interface Arrival {
  key: string
  of?: string | undefined
  at: number
}

interface Seen {
  keys: Set<string>
  entered: Set<string>
}

/** Older than this, a message is history (a replay, another device's), not one arriving now. */
const FRESH_MS = 60_000

/**
 * Which messages arrived while the list showed, so they enter with motion: not the
 * history rendered at open, not earlier pages loaded above, not a message already shown
 * from the outbox. Pure but for `seen`, which it grows (kept across renders by useArrivals).
 */
export function arrivals(seen: Seen | undefined, items: readonly Arrival[], now: number): Seen {
  if (!seen) return { keys: new Set(items.map((item) => item.key)), entered: new Set() }
  const { keys, entered } = seen
  // Earlier pages come above the last message seen: only what comes below it arrived.
  let last = -1
  items.forEach((item, index) => {
    if (keys.has(item.key)) last = index
  })
  items.forEach((item, index) => {
    if (keys.has(item.key)) return
    keys.add(item.key)
    if (index > last && !(item.of && keys.has(item.of)) && now - item.at < FRESH_MS)
      entered.add(item.key)
  })
  return seen
}

/** The keys of the messages that arrived while this list showed (see arrivals). */
export function useArrivals(items: readonly Arrival[]): Set<string> {
  const seen = useRef<Seen | undefined>(undefined)
  seen.current = arrivals(seen.current, items, Date.now())
  return seen.current.entered
}
