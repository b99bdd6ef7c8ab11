import type { Logger } from '../logging/logger'
import type { ConversationLog } from '../store/types'
import { endIfIdle } from './end-conversation'

export type IdleSweepOptions = {
  store: ConversationLog
  /** The visitors with an open stream on this instance (those who would see the separator now). */
  visitors: () => Iterable<string>
  /** The idle timeout in force (the settings can change while running); undefined: off. */
  idleMs: () => number | undefined
  now: () => number
  logger: Logger
  /** How often the open conversations are checked. */
  everyMs: number
  /** Visitors whose newest entries are read in one store call; default 500. */
  batch?: number
}

/** Visitors read per store call: 100,000 open streams are 200 round trips a minute. */
export const IDLE_SWEEP_BATCH = 500

/**
 * Ends the conversations of visitors watching the chat once they have been idle for
 * the site owner's `chatIdleMinutes`, so the separator appears while the chat is open.
 * (Conversations nobody watches end when the visitor comes back or writes again.)
 * The newest entries are read `batch` visitors per store call, one call at a time (the
 * sweep never floods the store), and only the conversations found idle are read again
 * and ended, one at a time: what ends, and when, is the same as reading each alone.
 */
export function createIdleSweep(options: IdleSweepOptions) {
  const { store, logger } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  async function sweep(): Promise<void> {
    const idleMs = options.idleMs()
    if (idleMs === undefined) return
    const visitors = [...options.visitors()]
    const batch = Math.max(1, options.batch ?? IDLE_SWEEP_BATCH)
    for (let start = 0; start < visitors.length; start += batch) {
      const ids = visitors.slice(start, start + batch)
      let newest: Awaited<ReturnType<ConversationLog['newestEntries']>>
      try {
        newest = await store.newestEntries(ids)
      } catch (error) {
        logger.warn('idle conversations not checked; tried again on the next sweep', {
          visitors: ids.length,
          error,
        })
        continue
      }
      const now = options.now()
      for (const [index, visitorId] of ids.entries()) {
        const last = newest[index]
        if (!last || last.ended || now - last.at < idleMs) continue
        try {
          // Read again: an entry may have arrived since the batch was read.
          await endIfIdle(store, visitorId, { idleMs, now })
        } catch (error) {
          logger.warn('idle conversation not ended; tried again on the next sweep', {
            visitorId,
            error,
          })
        }
      }
    }
  }

  return {
    /** One sweep now (tests), also what the timer runs; never two at once. */
    sweep(): Promise<void> {
      running ??= sweep().finally(() => {
        running = undefined
      })
      return running
    },
    start(): void {
      timer = setInterval(() => void this.sweep(), options.everyMs)
      timer.unref()
    },
    stop(): void {
      clearInterval(timer)
    },
  }
}
