import type { VisitorEvent } from './types'

type Listener = (event: VisitorEvent) => void

/** Per-visitor listener sets for the single-process stores (memory, sqlite). */
export type FanOut = {
  subscribe(visitorId: string, listener: Listener): () => void
  emit(visitorId: string, event: VisitorEvent): void
  clear(): void
}

export function createFanOut(): FanOut {
  const listeners = new Map<string, Set<Listener>>()
  return {
    subscribe(visitorId, listener) {
      let set = listeners.get(visitorId)
      if (!set) {
        set = new Set()
        listeners.set(visitorId, set)
      }
      set.add(listener)
      return () => {
        const current = listeners.get(visitorId)
        if (!current) return
        current.delete(listener)
        // Visitors come and go: an empty set would be a leak per visitor ever seen.
        if (current.size === 0) listeners.delete(visitorId)
      }
    },
    emit(visitorId, event) {
      const set = listeners.get(visitorId)
      if (!set) return
      for (const listener of [...set]) {
        // One failing subscriber must not stop delivery to the others or fail the append.
        try {
          listener(event)
        } catch (error) {
          queueMicrotask(() => {
            throw error
          })
        }
      }
    },
    clear() {
      listeners.clear()
    },
  }
}
