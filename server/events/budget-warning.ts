import type { Logger } from '../logging/logger'
import type { Connection } from './connection'

const EVERY_MS = 60_000

/**
 * One warn a minute at most about streams closed for the buffer budget
 * (STREAMS_BUFFER_MB), with how many since the last one: many clients that do not
 * read are an attack or a broken network, and the operator should know, but not
 * through a line per stream.
 */
export function createBudgetWarning(logger: Logger, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY
  let closed = 0
  return {
    note(conn: Connection): void {
      closed += 1
      if (now() - last < EVERY_MS) return
      logger.warn(
        'streams closed: the live events held for clients that do not read passed STREAMS_BUFFER_MB; they resume on reconnect',
        { closed, lastVisitorId: conn.visitorId },
      )
      last = now()
      closed = 0
    },
  }
}
