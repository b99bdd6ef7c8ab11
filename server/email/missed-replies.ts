import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { isEmailAddress } from '../../shared/contact-rules'
import type { ConversationEntry } from '../../shared/widget-api'
import { loadReadMarker } from '../events/read-marker'
import type { Logger } from '../logging/logger'
import { resolveRecipient } from '../session/alias'
import { confirmedEmail, readProfile } from '../session/profile'
import {
  emailDueKey,
  emailHeldKey,
  emailItemKey,
  emailLockKey,
  emailSentKey,
  KEY_PREFIXES,
} from '../store/keys'
import type { AgedRecords, Claims, ConversationLog, Records } from '../store/types'
import { withClaim } from '../store/with-claim'
import type { AskOutcome } from './confirm/confirmations'
import type { RecipientCap } from './confirm/recipient-cap'
import type { ComposedMail, MailItem } from './mail-item'
import type { MailOutbox } from './mail-outbox'

/** A visitor's e-mail falling due: agent replies wait unread until `dueAt`. */
const Due = z.object({ dueAt: z.number() })
/** What was e-mailed to the visitor so far: the newest agent entry and how many e-mails. */
const Sent = z.object({
  upTo: z.string().optional(),
  n: z.number().int().nonnegative(),
  at: z.number(),
})
type Sent = z.infer<typeof Sent>
/** Where `Sent` stood before notices went to an unconfirmed address (nothing e-mailed: no `after`). */
const Held = z.object({ after: z.string().optional() })

export type { ComposedMail } from './mail-item'

export type ComposeInput = { visitorId: string; to: string; entries: ConversationEntry[] }

export type MissedRepliesOptions = {
  store: ConversationLog & Records & AgedRecords & Claims
  outbox: MailOutbox
  /** The site owner's settings in force: on/off and the delay (they change while running). */
  settings: () => { missedReplies: boolean; afterSeconds: number }
  /** Renders the e-mail (text, HTML, headers) of these entries. */
  compose: (input: ComposeInput) => Promise<ComposedMail>
  isUnsubscribed: (address: string) => Promise<boolean>
  /** E-mails per address a day (EMAIL_MAX_PER_ADDRESS_PER_DAY), whichever visitors they are for. */
  cap: RecipientCap
  /** A "you have a reply: confirm your address" e-mail, for an address not confirmed yet. */
  askConfirmation: (
    visitorId: string,
    to: string,
    entryIds: [string, ...string[]],
  ) => Promise<AskOutcome>
  /** The domain part of Message-IDs (EMAIL_FROM's). */
  messageIdDomain: string
  logger: Logger
  now: () => number
  /** A compose's claim; default 60 s (a store read or two and the rendering). */
  claimMs?: number
}

export type MissedReplies = ReturnType<typeof createMissedReplies>

/** At most this many entries are read per e-mail (a page of the log at a time). */
const PAGE = 200
const MAX_ENTRIES = 2000

/**
 * Missed agent replies by e-mail. An agent reply stored for a visitor starts the
 * visitor's schedule (one store record, `dueAt` = now + afterSeconds) unless one is
 * running: replies arriving meanwhile join that e-mail. When it falls due (a sweep, on
 * any instance, under a claim), the agent replies after both the visitor's read marker
 * and what was e-mailed before make one e-mail, stored in the outbox as the visitor's
 * n-th: a compose repeated after a crash finds that same e-mail instead of a second one.
 * To an address not confirmed yet, the replies are only announced (a confirmation link,
 * no word of them); once it is confirmed, release() sends them in full.
 *
 * @example await missed.noteAgentReply(result.visitorId) // after the A3 append
 */
export function createMissedReplies(options: MissedRepliesOptions) {
  const { store, outbox, logger, now } = options
  const claimMs = options.claimMs ?? 60_000

  /** An agent reply was stored for the visitor: starts their schedule unless one is running. Returns when it falls due. */
  async function noteAgentReply(visitorId: string): Promise<number | undefined> {
    const { missedReplies, afterSeconds } = options.settings()
    if (!missedReplies) return undefined
    const running = await store.getRecord(emailDueKey(visitorId), Due)
    if (running) return running.dueAt
    const dueAt = now() + afterSeconds * 1000
    await store.setAgedRecord(emailDueKey(visitorId), { dueAt }, 'emails', now())
    return dueAt
  }

  /**
   * The agent entries after `after` (all when undefined), oldest first: read from the
   * newest back to `after`, so a long conversation never hides its newest replies
   * behind the cap (at most MAX_ENTRIES entries are looked at).
   */
  async function agentEntriesAfter(
    visitorId: string,
    after: string | undefined,
  ): Promise<ConversationEntry[]> {
    const found: ConversationEntry[] = []
    let before: string | undefined
    for (let read = 0; read < MAX_ENTRIES; read += PAGE) {
      const page = await store.readBefore(visitorId, before, PAGE)
      const fresh =
        after === undefined ? page : page.filter((entry) => store.compareIds(entry.id, after) > 0)
      found.unshift(...fresh.filter((entry) => entry.author === 'agent'))
      const first = page[0]
      if (!first || page.length < PAGE || fresh.length < page.length) break
      before = first.id
    }
    return found
  }

  const later = (a: string | undefined, b: string | undefined) =>
    a === undefined ? b : b === undefined ? a : store.compareIds(a, b) >= 0 ? a : b

  /** Ends the schedule; starts the next one if replies came meanwhile (after `upTo`). */
  async function reschedule(visitorId: string, upTo: string | undefined): Promise<void> {
    await store.deleteRecord(emailDueKey(visitorId))
    // Read after the delete: a reply stored since then found no schedule and started one.
    const read = await loadReadMarker(store, visitorId, logger)
    const more = await agentEntriesAfter(visitorId, later(upTo, read?.upTo))
    if (more.length > 0) await noteAgentReply(visitorId)
  }

  type Outcome = 'queued' | 'not-due' | 'nothing' | 'held'

  /** Composes the visitor's e-mail if it is due (the caller holds the claim). */
  async function composeHeld(visitorId: string): Promise<{ outcome: Outcome; key?: string }> {
    const due = await store.getRecord(emailDueKey(visitorId), Due)
    if (!due) return { outcome: 'nothing' }
    if (due.dueAt > now()) return { outcome: 'not-due' }
    const sent = await store.getRecord(emailSentKey(visitorId), Sent)
    const n = (sent?.n ?? 0) + 1
    const key = emailItemKey(visitorId, n)
    // A compose that stored this e-mail and stopped before its mark: the mark now.
    const stored = await outbox.read(key)
    if (stored) {
      await markSent(visitorId, stored)
      await reschedule(visitorId, stored.entryIds.at(-1))
      return { outcome: 'queued', key }
    }
    const drop = async (why: string) => {
      logger.debug('missed replies: no e-mail', { visitorId, why })
      await store.deleteRecord(emailDueKey(visitorId))
      return { outcome: 'nothing' as const }
    }
    if (!options.settings().missedReplies) return drop('off in the settings')
    // A guest merged into a user (identify) since: the conversation, its read marker and
    // the address are the user's now; the user's own schedule covers the replies.
    const owner = await resolveRecipient(store, visitorId)
    if (owner !== visitorId) {
      await drop('merged into another visitor')
      await noteAgentReply(owner)
      return { outcome: 'nothing' as const }
    }
    const profile = await readProfile(store, visitorId)
    const to = profile.contact.email?.trim()
    if (!to || !isEmailAddress(to)) return drop('no e-mail address')
    if (await options.isUnsubscribed(to)) return drop('unsubscribed')
    const read = await loadReadMarker(store, visitorId, logger)
    const entries = await agentEntriesAfter(visitorId, later(sent?.upTo, read?.upTo))
    const [first, ...rest] = entries.map((entry) => entry.id)
    if (first === undefined) return drop('every reply read or e-mailed')
    if (!confirmedEmail(profile)) {
      const asked = await options.askConfirmation(visitorId, to, [first, ...rest])
      if (asked.outcome !== 'sent') return drop(`no confirmation e-mail (${asked.outcome})`)
      await hold(visitorId, sent, rest.at(-1) ?? first)
      return { outcome: 'queued', key: asked.key }
    }
    if (!(await options.cap.take(to))) return drop('the address had its e-mails for the day')
    const composed = await options.compose({ visitorId, to, entries })
    const item: MailItem = {
      visitorId,
      n,
      messageId: `<${randomUUID()}@${options.messageIdDomain}>`,
      to,
      ...composed,
      entryIds: entries.map((entry) => entry.id),
      state: 'pending',
      createdAt: now(),
      attempts: 0,
      nextAttemptAt: now(),
    }
    await outbox.add(key, item)
    await markSent(visitorId, item)
    await reschedule(visitorId, item.entryIds.at(-1))
    return { outcome: 'queued', key }
  }

  /** The replies up to `upTo` were announced to an unconfirmed address: marked, and held for release(). */
  async function hold(visitorId: string, sent: Sent | undefined, upTo: string): Promise<void> {
    if (!(await store.getRecord(emailHeldKey(visitorId), Held)))
      await store.setAgedRecord(
        emailHeldKey(visitorId),
        sent?.upTo ? { after: sent.upTo } : {},
        'emails',
        now(),
      )
    const mark: Sent = { upTo, n: sent?.n ?? 0, at: now() }
    await store.setAgedRecord(emailSentKey(visitorId), mark, 'emails', now())
    await reschedule(visitorId, upTo)
  }

  /**
   * The visitor's address was confirmed: the replies announced meanwhile (and still
   * unread) are e-mailed in full, due now. Returns when, or undefined when none was held.
   */
  async function release(visitorId: string): Promise<number | undefined> {
    const held = await store.getRecord(emailHeldKey(visitorId), Held)
    if (!held) return undefined
    const sent = await store.getRecord(emailSentKey(visitorId), Sent)
    if (sent) {
      const mark: Sent = { ...(held.after ? { upTo: held.after } : {}), n: sent.n, at: sent.at }
      await store.setAgedRecord(emailSentKey(visitorId), mark, 'emails', now())
    }
    await store.deleteRecord(emailHeldKey(visitorId))
    const dueAt = now()
    await store.setAgedRecord(emailDueKey(visitorId), { dueAt }, 'emails', now())
    return dueAt
  }

  async function markSent(visitorId: string, item: MailItem): Promise<void> {
    const upTo = item.entryIds.at(-1) ?? ''
    await store.setAgedRecord(
      emailSentKey(visitorId),
      { upTo, n: item.n, at: item.createdAt },
      'emails',
      now(),
    )
  }

  /**
   * Composes the visitor's e-mail if due and nobody else is on it, then makes its first
   * attempt. Returns what happened.
   */
  async function composeDue(visitorId: string): Promise<Outcome> {
    // One try: another instance composing it is as good as this one.
    const once = { ttl: claimMs, onTimeout: 'skip' } as const
    const result = await withClaim(store, emailLockKey(emailDueKey(visitorId)), once, () =>
      composeHeld(visitorId),
    )
    if (!result.held) return 'held'
    const { outcome, key } = result.value
    if (key) await outbox.deliver(key)
    return outcome
  }

  /** Every visitor whose e-mail is due: composed now. Returns how many e-mails were queued. */
  async function sweep(): Promise<number> {
    let queued = 0
    for (const dueKey of await store.listRecords(KEY_PREFIXES.emailDue)) {
      const visitorId = dueKey.slice(KEY_PREFIXES.emailDue.length)
      try {
        const due = await store.getRecord(dueKey, Due)
        if (!due || due.dueAt > now()) continue
        if ((await composeDue(visitorId)) === 'queued') queued += 1
      } catch (error) {
        logger.error('missed replies: e-mail not composed; tried again on the next sweep', {
          visitorId,
          error,
        })
      }
    }
    return queued
  }

  return { noteAgentReply, composeDue, sweep, release }
}
