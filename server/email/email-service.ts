import type { Settings } from '../../shared/settings/settings-file'
import type { EmailCaps } from '../config/config'
import { type EmailConfig, hasSmtpCredentials } from '../config/parse-email'
import type { Logger } from '../logging/logger'
import type { MetricsRegistry } from '../metrics/registry'
import { emailItemKey } from '../store/keys'
import type { Store } from '../store/types'
import { createComposer } from './compose-mail'
import { createConfirmLinks } from './confirm/confirm-links'
import { createConfirmations } from './confirm/confirmations'
import { createRecipientCap } from './confirm/recipient-cap'
import { createEmailMetrics } from './email-metrics'
import { createTranscripts } from './end/transcripts'
import { createWaitingTranscripts } from './end/waiting-transcripts'
import { createMailFlush } from './mail-flush'
import type { MailItem, MailPolicy } from './mail-item'
import { createMailOutbox, MAIL_CLAIM_MS } from './mail-outbox'
import { createMissedReplies } from './missed-replies'
import { onePassAtATime } from './one-pass-at-a-time'
import { markProfileUnsubscribed } from './profile-unsubscribed'
import { createScheduledWork } from './scheduled-work'
import { createSmtpTransport, type MailTransport } from './smtp-transport'
import { createSuppressions } from './suppression'
import { createUnsubscribeTokens } from './unsubscribe-token'

/** What the studio (and operators) can read of e-mail on this instance. */
export type EmailStatus = {
  /** SMTP_URL and EMAIL_FROM are set. */
  configured: boolean
  /** The sender, when configured. */
  from?: string
  /** The newest SMTP error this instance met, and when (ms since the epoch). */
  lastError?: { message: string; at: number }
  /** When this instance last had an e-mail accepted. */
  lastSentAt?: number
}

export type EmailServiceOptions = {
  /** SMTP_URL and EMAIL_FROM; undefined: e-mail is off. */
  email: EmailConfig | undefined
  publicUrl: string
  /** Signs the unsubscribe links (a key of their own is derived from it). */
  sessionSecret: string
  store: Store
  /** The site owner's settings in force. */
  settings: () => Settings
  logger: Logger
  now: () => number
  registry: MetricsRegistry
  /**
   * How long a visitor's contact details (their profile) are kept after a change made
   * here (a confirmed or unsubscribed address): RETENTION_DAYS, as every profile write.
   * The e-mail records themselves are kept by the retention pass (RETENTION_EMAILS_DAYS).
   */
  profileKeepMs: number
  /** The signed "Continue the conversation" link of a visitor (email-resume's createResumeUrl). */
  resumeUrl: (visitorId: string) => Promise<string>
  /** The Reply-To of a visitor's e-mails, when replies by e-mail are on (email-inbound's). */
  replyTo?: (visitorId: string) => string | undefined
  /** Tests: a transport instead of SMTP_URL's. */
  transport?: MailTransport
  /** How often stored schedules and e-mails are looked at. Default 5 s with Redis, 30 s otherwise. */
  sweepMs?: number
  policy?: Partial<MailPolicy>
  /** E-mails per address a day; default 20, and 3 "confirm your address" e-mails. */
  caps?: EmailCaps
}

export type EmailService = ReturnType<typeof createEmailService>

/**
 * E-mail to visitors: missed agent replies (missed-replies.ts) through the durable
 * e-mail outbox (mail-outbox.ts) over SMTP, and unsubscribing. Off (every call a no-op)
 * without SMTP_URL.
 *
 * @example const email = createEmailService({ email: config.email, store, settings, ... })
 */
export function createEmailService(options: EmailServiceOptions) {
  const { store, logger, now } = options
  const config = options.email
  const status: EmailStatus = { configured: config !== undefined }
  if (config)
    status.from = config.fromName
      ? `${config.fromName} <${config.fromAddress}>`
      : config.fromAddress
  const metrics = createEmailMetrics(options.registry)
  const suppressions = createSuppressions(store)
  const tokens = createUnsubscribeTokens(options.sessionSecret)
  const publicUrl = options.publicUrl.replace(/\/+$/, '')
  const transport: MailTransport | undefined =
    options.transport ??
    (config
      ? createSmtpTransport({
          url: config.smtpUrl,
          from: { name: config.fromName, address: config.fromAddress },
          allowPlaintextAuth: config.allowPlaintextAuth,
        })
      : undefined)
  const work = createScheduledWork(logger)
  const later = work.later
  let sweepTimer: NodeJS.Timeout | undefined

  const unsubscribeUrl = (visitorId: string, address: string) =>
    `${publicUrl}/email/unsubscribe/${tokens.create({ v: visitorId, a: address })}`

  const outbox = transport
    ? createMailOutbox({
        store,
        transport,
        logger,
        now,
        metrics,
        isUnsubscribed: suppressions.isUnsubscribed,
        ...(options.policy ? { policy: options.policy } : {}),
        onAttempt(item: MailItem) {
          if (item.state === 'sent') status.lastSentAt = now()
          if (item.error && item.state !== 'sent')
            status.lastError = { message: item.error, at: now() }
          flush?.noteAttempt(item)
          // This instance tries it again when due (the sweep is the safety net).
          if (item.state === 'pending') {
            const key = emailItemKey(item.visitorId, item.n)
            later(item.nextAttemptAt - now(), () => outbox?.deliver(key) ?? Promise.resolve())
          }
        },
      })
    : undefined
  const flush = outbox
    ? createMailFlush({
        outbox,
        logger,
        later,
        heldRetry: { everyMs: 4000, forMs: MAIL_CLAIM_MS + 5000 },
      })
    : undefined

  const composer = createComposer({
    store,
    config,
    settings: options.settings,
    publicUrl,
    resumeUrl: options.resumeUrl,
    ...(options.replyTo ? { replyTo: options.replyTo } : {}),
    unsubscribeUrl,
  })

  const messageIdDomain = config?.fromAddress.slice(config.fromAddress.lastIndexOf('@') + 1) ?? ''
  const caps = options.caps ?? { perAddressPerDay: 20, confirmationsPerAddressPerDay: 3 }
  const mailCap = createRecipientCap(store, 'mail', caps.perAddressPerDay)
  const waiting = createWaitingTranscripts({ store, now })
  const transcripts =
    outbox && config
      ? createTranscripts({
          store,
          outbox,
          email: config,
          publicUrl,
          settings: options.settings,
          logger,
          now,
          cap: mailCap,
          unsubscribeUrl,
        })
      : undefined
  const confirmations = outbox
    ? createConfirmations({
        store,
        outbox,
        links: createConfirmLinks({ secret: options.sessionSecret, store, now }),
        cap: createRecipientCap(store, 'confirm', caps.confirmationsPerAddressPerDay),
        isUnsubscribed: suppressions.isUnsubscribed,
        render: composer.composeConfirm,
        publicUrl,
        messageIdDomain,
        async release(visitorId, address) {
          const dueAt = await missed?.release(visitorId)
          if (dueAt !== undefined)
            later(dueAt - now(), () => missed?.composeDue(visitorId) ?? Promise.resolve())
          for (const endedId of await waiting.pending(visitorId, address)) {
            const sent = await transcripts?.request(visitorId, endedId, address)
            if (sent?.state === 'capped')
              logger.info('transcript not sent: the address had its e-mails for the day', {
                visitorId,
              })
            await waiting.done(visitorId, endedId)
          }
        },
        logger,
        now,
        keepMs: options.profileKeepMs,
      })
    : undefined
  const missed =
    outbox && config && confirmations
      ? createMissedReplies({
          store,
          outbox,
          settings: () => options.settings().email,
          compose: composer.compose,
          isUnsubscribed: suppressions.isUnsubscribed,
          cap: mailCap,
          askConfirmation: (visitorId, to, entryIds) =>
            confirmations.ask(visitorId, to, 'reply', entryIds),
          messageIdDomain,
          logger,
          now,
        })
      : undefined

  async function sweepOnce(): Promise<number> {
    if (!missed || !outbox) return 0
    const queued = await missed.sweep()
    const attempted = await outbox.sweep()
    return queued + attempted
  }
  const sweeps = onePassAtATime(logger, 'e-mail: sweep failed', sweepOnce)

  return {
    enabled: missed !== undefined,
    /** The durable e-mail outbox while e-mail is on. */
    outbox: missed ? outbox : undefined,
    /** End-of-chat transcripts, to confirmed addresses only, while e-mail is on. */
    transcripts: missed ? transcripts : undefined,
    /** Transcripts asked for before the address was confirmed. */
    waiting,
    /** Confirmation links and what they release, while e-mail is on. */
    confirmations: missed ? confirmations : undefined,
    status: (): EmailStatus => ({ ...status }),
    /**
     * An agent reply was stored for the visitor (or a repeat of one came): starts their
     * e-mail's schedule. Throws when the store fails, so the webhook is answered 503 and
     * the service sends the reply again (its repeat is stored once and lands here again).
     */
    async noteAgentReply(visitorId: string): Promise<void> {
      // Stored even while stopping: the schedule is durable work for any instance.
      if (!missed) return
      const dueAt = await missed.noteAgentReply(visitorId)
      if (dueAt !== undefined) later(dueAt - now(), () => missed.composeDue(visitorId))
    },
    /** One pass over due schedules and due e-mails (the timer's work; tests call it). Never two at once. */
    sweep(): Promise<number> {
      return sweeps.run()
    },
    /** Logs whether e-mail is on, runs a first sweep and starts the periodic one. */
    start(): void {
      if (!config) {
        logger.info('e-mail is off: SMTP_URL is not set (missed replies are not e-mailed)')
        return
      }
      logger.info('e-mail is on', { from: status.from })
      if (config.allowPlaintextAuth && hasSmtpCredentials(config.smtpUrl))
        logger.warn(
          'SMTP_ALLOW_PLAINTEXT_AUTH=1: the SMTP login may be sent without TLS when the server offers no STARTTLS; use it only for a relay on this host or a trusted network',
        )
      const every = options.sweepMs ?? (store.kind === 'redis' ? 5000 : 30_000)
      // E-mails that waited from before the start: tried at once, the rest follow if the
      // server takes them (a flush stops at the first refusal).
      void this.sweep().then(() => flush?.flush())
      sweepTimer = setInterval(() => void this.sweep(), every)
      sweepTimer.unref()
    },
    /** Stops timers and waits for the work under way (its SMTP answers saved). Stored work stays for any instance. */
    async stop(): Promise<void> {
      clearInterval(sweepTimer)
      work.cancel()
      await sweeps.current
      await work.settle()
      await flush?.stop()
      transport?.close()
    },
    /**
     * Unsubscribes the address of a signed link: it gets no more e-mail, and the
     * visitor's profile shows it when it is still their address. False for a bad token.
     */
    async unsubscribe(token: string): Promise<boolean> {
      const claim = tokens.verify(token)
      if (!claim) return false
      await suppressions.unsubscribe(claim.a, now())
      await markProfileUnsubscribed(store, claim.v, claim.a, options.profileKeepMs)
      logger.info('e-mail address unsubscribed', { visitorId: claim.v })
      return true
    },
    unsubscribeUrl,
    /** True for an unsubscribe token this backend signed. */
    isUnsubscribeToken: (token: string) => tokens.verify(token) !== undefined,
  }
}
