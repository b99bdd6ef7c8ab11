import { z } from 'zod'
import type { Logger } from '../logging/logger'
import { emailItemDueKeyOf, emailItemKeyOf, emailLockKey, KEY_PREFIXES } from '../store/keys'
import type { AgedRecords, Claims, Records } from '../store/types'
import { type Lease, withClaim } from '../store/with-claim'
import type { EmailMetrics } from './email-metrics'
import {
  afterAttempt,
  beginAttempt,
  isActiveMail,
  MAIL_BACKOFF,
  MAIL_GIVE_UP_MS,
  MailItem,
  type MailPolicy,
} from './mail-item'
import { createSlots } from './smtp-slots'
import type { MailTransport } from './smtp-transport'

const DueMarker = z.object({ since: z.number() })

/** How long an e-mail's claim lasts without renewal: a crashed sender's e-mails wait this long. */
export const MAIL_CLAIM_MS = 15_000

/**
 * SMTP attempts at once per instance. Unbounded, a burst of 200 first attempts or of
 * retries coming due held 180 connections open on a busy machine, each slower for it,
 * and a crash left as many e-mails claimed.
 */
export const MAIL_SEND_SLOTS = 4

export type MailOutboxOptions = {
  store: Records & AgedRecords & Claims
  transport: MailTransport
  logger: Logger
  now: () => number
  metrics: EmailMetrics
  /** True when the address has unsubscribed since the e-mail was stored. */
  isUnsubscribed: (address: string) => Promise<boolean>
  policy?: Partial<MailPolicy>
  /**
   * A claim lasts this long and is renewed every third of it while an attempt is under
   * way, so a crashed sender's e-mails are free again soon. Default 15 s.
   */
  claimMs?: number
  /** Told after every attempt (the state the studio reads). */
  onAttempt?: (item: MailItem) => void
  /** At most this many SMTP attempts at once on this instance. Default MAIL_SEND_SLOTS. */
  slots?: number
}

export type MailOutbox = ReturnType<typeof createMailOutbox>

/**
 * The e-mail outbox: an e-mail is stored (with a due marker) before its first attempt,
 * attempted under a store claim so one instance at a time sends it, marked in flight
 * before the SMTP conversation and settled after it. A 4xx or an unreachable server is
 * retried with backoff for a day; a 5xx on the recipient is final. A takeover finding an
 * e-mail in flight (its sender crashed mid-way) sends it again with the same Message-ID:
 * at most one duplicate, which mail clients show once.
 *
 * @example const outbox = createMailOutbox({ store, transport, logger, now, metrics, ... })
 */
export function createMailOutbox(options: MailOutboxOptions) {
  const { store, transport, logger, now, metrics } = options
  const policy: MailPolicy = {
    backoff: options.policy?.backoff ?? MAIL_BACKOFF,
    giveUpMs: options.policy?.giveUpMs ?? MAIL_GIVE_UP_MS,
    random: options.policy?.random ?? Math.random,
  }
  const claimMs = options.claimMs ?? MAIL_CLAIM_MS
  const slots = createSlots(options.slots ?? MAIL_SEND_SLOTS)

  function read(key: string): Promise<MailItem | undefined> {
    return store.getRecord(key, MailItem, () =>
      logger.error('e-mail outbox: a stored e-mail is unreadable', { key }),
    )
  }

  async function save(key: string, item: MailItem): Promise<void> {
    await store.setAgedRecord(key, item, 'emails', now())
    if (!isActiveMail(item)) {
      await store.deleteRecord(emailItemDueKeyOf(key)).catch((error: unknown) => {
        // The sweep drops the markers of finished e-mails.
        logger.debug('e-mail outbox: due marker not deleted', { error })
      })
    }
  }

  /** Stores a new e-mail: its due marker first, so no stored e-mail is ever unswept. */
  async function add(key: string, item: MailItem): Promise<void> {
    await store.setAgedRecord(emailItemDueKeyOf(key), { since: now() }, 'emails', now())
    await store.setAgedRecord(key, item, 'emails', now())
  }

  async function attempt(key: string, item: MailItem, lease: Lease): Promise<MailItem> {
    if (await options.isUnsubscribed(item.to)) {
      const dropped: MailItem = { ...item, state: 'dropped', doneAt: now() }
      await save(key, dropped)
      metrics.emails.inc({ outcome: 'dropped' })
      logger.info('e-mail not sent: the address unsubscribed', { visitorId: item.visitorId })
      return dropped
    }
    if (item.inFlight) {
      metrics.emails.inc({ outcome: 'resent' })
      logger.warn(
        'e-mail outbox: sending again an e-mail whose SMTP answer was lost (its sender stopped mid-way); same Message-ID',
        { visitorId: item.visitorId, n: item.n, since: item.inFlight.since },
      )
    }
    const begun = beginAttempt(item, now(), policy)
    await save(key, begun)
    // The SMTP conversation may take three timeouts: the claim lives as long as it does.
    const renewing = setInterval(() => void lease.renew().catch(() => undefined), claimMs / 3)
    renewing.unref()
    const outcome = await transport.send(begun).finally(() => clearInterval(renewing))
    // A claim lost meanwhile: the new holder saw the e-mail in flight and decides; the
    // outcome is still recorded, as it is the truth about this attempt.
    if (lease.lost) logger.warn('e-mail outbox: claim lost during an attempt', { key })
    const after = afterAttempt(begun, outcome, now(), policy)
    await save(key, after)
    options.onAttempt?.(after)
    const log = { visitorId: after.visitorId, n: after.n, attempts: after.attempts }
    if (after.state === 'sent') {
      metrics.emails.inc({ outcome: 'sent' })
      logger.info('e-mail sent', log)
    } else if (after.state === 'rejected') {
      metrics.emails.inc({ outcome: 'rejected' })
      logger.warn('e-mail refused for good by the SMTP server (5xx); not retried', {
        ...log,
        error: after.error,
      })
    } else if (after.state === 'failed') {
      metrics.emails.inc({ outcome: 'failed' })
      logger.error('e-mail given up: the SMTP server kept refusing or was unreachable for a day', {
        ...log,
        error: after.error,
      })
    } else {
      metrics.emails.inc({ outcome: 'retried' })
      logger.warn('e-mail not accepted yet; trying again later', {
        ...log,
        error: after.error,
        nextAttemptAt: after.nextAttemptAt,
      })
    }
    return after
  }

  /**
   * Attempts the e-mail at `key` if it is active and due (or `early`), unless another
   * holder is on it. Returns the e-mail as it is afterwards, or undefined when held elsewhere.
   */
  async function deliver(key: string, early = false): Promise<MailItem | undefined> {
    // One try: another holder attempting it is as good as this one.
    const once = { ttl: claimMs, onTimeout: 'skip' } as const
    // The slot before the claim: an e-mail waiting for a slot is not claimed meanwhile.
    const result = await slots.run(() =>
      withClaim(store, emailLockKey(key), once, async (lease) => {
        const item = await read(key)
        if (!item || !isActiveMail(item)) return item
        if (!early && item.nextAttemptAt > now()) return item
        return attempt(key, item, lease)
      }),
    )
    return result.held ? result.value : undefined
  }

  /** Every stored e-mail that is due, attempted now (one at a time). Returns how many were attempted. */
  async function sweep(): Promise<number> {
    let attempted = 0
    for (const dueKey of await store.listRecords(KEY_PREFIXES.emailItemDue)) {
      const key = emailItemKeyOf(dueKey)
      try {
        const item = await read(key)
        if (!item) {
          // A marker whose e-mail is not stored yet (being added) or is gone: old ones go.
          const marker = await store.getRecord(dueKey, DueMarker)
          if (!marker || now() - marker.since > claimMs) await store.deleteRecord(dueKey)
          continue
        }
        if (!isActiveMail(item)) {
          await store.deleteRecord(dueKey)
          continue
        }
        if (item.nextAttemptAt > now()) continue
        const after = await deliver(key)
        if (after && after.attempts > item.attempts) attempted += 1
      } catch (error) {
        logger.error('e-mail outbox: attempt failed; tried again on the next sweep', { key, error })
      }
    }
    return attempted
  }

  /** The keys of the e-mails that may still be waiting (their due markers), in key order. */
  async function waiting(): Promise<string[]> {
    return (await store.listRecords(KEY_PREFIXES.emailItemDue)).map(emailItemKeyOf).sort()
  }

  return { read, add, deliver, sweep, waiting }
}
