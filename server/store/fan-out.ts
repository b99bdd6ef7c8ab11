import { listOf, type OneOrMany, withItem, withoutItem } from './one-or-many'
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
  // Most visitors have one listener (the stream hub's): held as itself, not in a Set.
  const listeners = new Map<string, OneOrMany<Listener>>()
  return {
    subscribe(visitorId, listener) {
      listeners.set(visitorId, withItem(listeners.get(visitorId), listener))
      return () => {
        const current = listeners.get(visitorId)
        if (current === undefined) return
        const rest = withoutItem(current, listener)
        // Visitors come and go: an empty entry would be a leak per visitor ever seen.
        if (rest === undefined) listeners.delete(visitorId)
        else listeners.set(visitorId, rest)
      }
    },
    emit(visitorId, event) {
      const current = listeners.get(visitorId)
      if (current === undefined) return
      for (const listener of listOf(current)) {
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
