import { compareSequenceIds, isSequenceId } from './sequence-id'
import type { Store, VisitorEvent } from './types'

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

/**
 * The single-process stores' ids and live events: sequence ids, and `publish` and
 * `subscribe` over `fanOut`, each refused once the store is closed (`assertOpen`).
 */
export function inProcessEvents(
  fanOut: FanOut,
  assertOpen: () => void,
): Pick<Store, 'isValidId' | 'compareIds' | 'publish' | 'subscribe'> {
  return {
    isValidId: isSequenceId,
    compareIds: compareSequenceIds,
    async publish(visitorId, event) {
      assertOpen()
      fanOut.emit(visitorId, event)
    },
    subscribe(visitorId, listener) {
      assertOpen()
      return fanOut.subscribe(visitorId, listener)
    },
  }
}
