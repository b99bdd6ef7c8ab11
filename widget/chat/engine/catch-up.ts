import type { ConversationEntry } from '../../../shared/widget-api'

/** Entries applied per task while a long replay comes in. */
export const CATCH_UP_CHUNK = 100

/**
 * Applies stream entries in chunks of CATCH_UP_CHUNK, one task each, so a replay of
 * thousands of entries after a long absence never freezes the page: the browser draws
 * and handles input between them. A hidden tab draws nothing: it applies all at once.
 */
export function createCatchUp(
  apply: (entries: ConversationEntry[]) => void,
  chunk = CATCH_UP_CHUNK,
) {
  let queue: ConversationEntry[] = []
  let timer: ReturnType<typeof setTimeout> | undefined

  function run(): void {
    const batch = queue.splice(0, document.hidden ? queue.length : chunk)
    timer = queue.length > 0 ? setTimeout(run) : undefined
    apply(batch)
  }

  return {
    push(entry: ConversationEntry): void {
      queue.push(entry)
      timer ??= setTimeout(run)
    },
    /** Forgets what waits (another conversation from now on). */
    clear(): void {
      queue = []
      clearTimeout(timer)
      timer = undefined
    },
  }
}
