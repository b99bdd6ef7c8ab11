import type { Logger } from '../../logging/logger'
import { confirmProfileEmail } from '../../session/profile'
import { confirmItemKey } from '../../store/keys'
import type { Store } from '../../store/types'
import type { ComposedMail, MailItem } from '../mail-item'
import type { MailOutbox } from '../mail-outbox'
import type { ConfirmReason } from '../render/render-confirm'
import type { ConfirmLinks } from './confirm-links'
import type { RecipientCap } from './recipient-cap'

export type ConfirmationsOptions = {
  store: Store
  outbox: MailOutbox
  links: ConfirmLinks
  /** "Confirm your address" e-mails per address a day (EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY). */
  cap: RecipientCap
  isUnsubscribed: (address: string) => Promise<boolean>
  /** The e-mail of a confirmation link (render-confirm.ts, in the visitor's language). */
  render: (input: {
    visitorId: string
    to: string
    reason: ConfirmReason
    confirmUrl: string
  }) => Promise<ComposedMail>
  publicUrl: string
  /** The domain part of Message-IDs (EMAIL_FROM's). */
  messageIdDomain: string
  /** What waited for the address: the missed replies held back, the transcripts asked for. */
  release: (visitorId: string, address: string) => Promise<void>
  logger: Logger
  now: () => number
  keepMs: number
}

/** How an ask for a confirmation went: `sent` (with the outbox key of its e-mail), or why no e-mail went out. */
export type AskOutcome = { outcome: 'sent'; key: string } | { outcome: 'capped' | 'unsubscribed' }

/** How following a confirmation link went. */
export type ConfirmOutcome = 'confirmed' | 'invalid' | 'changed'

/**
 * Confirmed addresses. An address a visitor typed is unconfirmed: the first e-mail to it
 * (a missed reply's notice, or a transcript's ask) is a "confirm your address" e-mail
 * with a one-click link (confirm-links.ts) and nothing of the conversation. Following the
 * link records the address on the visitor's profile (`emailConfirmed`), and what waited
 * for it goes out.
 *
 * @example await confirmations.ask(visitorId, 'ann@example.com', 'transcript', [endedId])
 */
export function createConfirmations(options: ConfirmationsOptions) {
  const { outbox, links, logger, now } = options

  /** Stores a confirmation e-mail for `to` (the entries it is about, at least one); the caller attempts it. */
  async function ask(
    visitorId: string,
    to: string,
    reason: ConfirmReason,
    entryIds: [string, ...string[]],
  ): Promise<AskOutcome> {
    if (await options.isUnsubscribed(to)) return { outcome: 'unsubscribed' }
    if (!(await options.cap.take(to))) {
      logger.info('e-mail: confirmations to this address are used up for the day', { visitorId })
      return { outcome: 'capped' }
    }
    const token = await links.create(visitorId, to)
    const id = token.slice(0, token.indexOf('.'))
    const confirmUrl = `${options.publicUrl}/email/confirm/${token}`
    const composed = await options.render({ visitorId, to, reason, confirmUrl })
    const key = confirmItemKey(visitorId, id)
    const item: MailItem = {
      visitorId,
      n: 1,
      messageId: `<confirm.${id}@${options.messageIdDomain}>`,
      to,
      ...composed,
      entryIds,
      state: 'pending',
      createdAt: now(),
      attempts: 0,
      nextAttemptAt: now(),
    }
    await outbox.add(key, item)
    logger.info('e-mail: confirmation link queued', { visitorId, reason })
    return { outcome: 'sent', key }
  }

  /** ask(), then the e-mail's first attempt in the background (the e-mail sweep is the safety net). */
  async function askNow(...args: Parameters<typeof ask>): Promise<AskOutcome['outcome']> {
    const asked = await ask(...args)
    if (asked.outcome === 'sent')
      void outbox
        .deliver(asked.key, true)
        .catch((error: unknown) => logger.error('confirmation: first attempt failed', { error }))
    return asked.outcome
  }

  /** Spends a confirmation link: the address is confirmed when it is still the visitor's. */
  async function confirm(token: string): Promise<ConfirmOutcome> {
    const claim = await links.take(token)
    if (!claim) return 'invalid'
    const { v: visitorId, a: address } = claim
    if (!(await confirmProfileEmail(options.store, visitorId, address, now(), options.keepMs)))
      return 'changed'
    logger.info('e-mail address confirmed', { visitorId })
    await options.release(visitorId, address)
    return 'confirmed'
  }

  return {
    ask,
    askNow,
    confirm,
    isLive: async (token: string) => (await links.peek(token)) !== undefined,
  }
}
export type Confirmations = ReturnType<typeof createConfirmations>
