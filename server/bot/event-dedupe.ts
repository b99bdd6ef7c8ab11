import { botEventKey } from '../store/keys'
import type { BotStore } from './store'

export type EventDedupe = {
  /** True the first time an event id is seen (within the retention), false for a repeat. */
  firstSeen(eventId: string): Promise<boolean>
  /** Forgets an id whose event was not taken after all, so the service's retry is processed. */
  forget(eventId: string): Promise<void>
}

/**
 * Remembers B2 event ids so a retried delivery is processed once. With a store the
 * claim is atomic across instances and survives restarts; without one a bounded
 * in-memory LRU covers the service's retry window (about 9 s) on one instance.
 */
export function createEventDedupe(options: {
  store?: BotStore
  ttlMs: number
  maxEntries: number
}): EventDedupe {
  const { store, ttlMs, maxEntries } = options
  if (store) {
    return {
      firstSeen: (eventId) => store.claim(botEventKey(eventId), ttlMs),
      forget: (eventId) => store.release(botEventKey(eventId)),
    }
  }
  // Map keeps insertion order: the first key is the oldest.
  const seen = new Map<string, number>()
  return {
    async firstSeen(eventId) {
      const now = Date.now()
      const expires = seen.get(eventId)
      if (expires !== undefined && expires > now) return false
      seen.delete(eventId)
      seen.set(eventId, now + ttlMs)
      while (seen.size > maxEntries) {
        const oldest = seen.keys().next().value
        if (oldest === undefined) break
        seen.delete(oldest)
      }
      return true
    },
    async forget(eventId) {
      seen.delete(eventId)
    },
  }
}
