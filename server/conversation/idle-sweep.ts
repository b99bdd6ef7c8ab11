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
}

/**
 * Ends the conversations of visitors watching the chat once they have been idle for
 * the site owner's `chatIdleMinutes`, so the separator appears while the chat is open.
 * (Conversations nobody watches end when the visitor comes back or writes again.)
 * One visitor at a time: the sweep never floods the store.
 */
export function createIdleSweep(options: IdleSweepOptions) {
  const { store, logger } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  async function sweep(): Promise<void> {
    const idleMs = options.idleMs()
    if (idleMs === undefined) return
    for (const visitorId of [...options.visitors()]) {
      try {
        await endIfIdle(store, visitorId, { idleMs, now: options.now() })
      } catch (error) {
        logger.warn('idle conversation not ended; tried again on the next sweep', {
          visitorId,
          error,
        })
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
