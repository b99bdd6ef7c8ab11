import type { Logger } from '../logging/logger'
import type { MailItem } from './mail-item'
import { MAIL_SEND_SLOTS, type MailOutbox } from './mail-outbox'
import { onePassAtATime } from './one-pass-at-a-time'

export type MailFlushOptions = {
  outbox: Pick<MailOutbox, 'waiting' | 'deliver'>
  logger: Logger
  /**
   * How often to look again at the e-mails another holder had (a crashed instance's
   * claims lapse within MAIL_CLAIM_MS), and for how long in all.
   */
  heldRetry: { everyMs: number; forMs: number }
  /** Runs `fn` after `ms` unless the service has stopped. */
  later: (ms: number, fn: () => Promise<unknown>) => void
  /** E-mails attempted at once; default MAIL_SEND_SLOTS (the outbox's own bound, per instance). */
  concurrency?: number
}

export type MailFlush = ReturnType<typeof createMailFlush>

/**
 * Sends the waiting e-mails as soon as the SMTP server takes one again, instead of each
 * sitting out its own backoff step (up to 10 minutes). Any instance that sees an e-mail
 * that had waited being taken flushes every waiting e-mail in the store, its own and
 * other instances', each under the outbox's claim (so never twice), a few at a time; a
 * refusal stops the flush (the server is not back after all). E-mails held elsewhere
 * (another flush, or a crashed instance's claim) are looked at again every few seconds
 * until a crashed holder's claim would have lapsed.
 *
 * @example const flush = createMailFlush({ outbox, logger, heldRetry, later }); flush.noteAttempt(item)
 */
export function createMailFlush(options: MailFlushOptions) {
  const { outbox, logger } = options
  const concurrency = options.concurrency ?? MAIL_SEND_SLOTS
  let stopped = false

  async function run(only: string[] | undefined, round: number): Promise<number> {
    const keys = only ?? (await outbox.waiting())
    const held: string[] = []
    let sent = 0
    let refused = false
    let next = 0
    const worker = async () => {
      while (!stopped && !refused && next < keys.length) {
        const key = keys[next] as string
        next += 1
        try {
          const after = await outbox.deliver(key, true)
          if (!after) held.push(key)
          else if (after.state === 'sent') sent += 1
          else if (after.state === 'pending') refused = true
        } catch (error) {
          logger.error('e-mail flush: an attempt failed; the e-mail waits for its next one', {
            key,
            error,
          })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker))
    if (keys.length > 0)
      logger.info('e-mail flush: sent the e-mails that waited for the SMTP server', {
        waiting: keys.length,
        sent,
        heldElsewhere: held.length,
        stoppedByRefusal: refused,
      })
    const { everyMs, forMs } = options.heldRetry
    if (held.length > 0 && !refused && (round + 1) * everyMs <= forMs)
      options.later(everyMs, () => flush(held, round + 1))
    return sent
  }

  const runs = onePassAtATime(
    logger,
    'e-mail flush failed; the e-mails wait for their next attempt',
    run,
  )

  /** Flushes the waiting e-mails (or only `keys`); joins the flush under way. Never throws. */
  function flush(keys?: string[], round = 0): Promise<number> {
    if (stopped) return Promise.resolve(0)
    return runs.run(keys, round)
  }

  return {
    flush,
    /** Told after every attempt: an e-mail that had waited was taken, so the server is back. */
    noteAttempt(item: MailItem): void {
      if (item.state === 'sent' && item.attempts > 1 && runs.current === undefined) void flush()
    },
    /** No new flush; waits for the attempts under way. */
    async stop(): Promise<void> {
      stopped = true
      await runs.current
    },
  }
}
