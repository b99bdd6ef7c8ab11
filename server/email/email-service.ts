import type { Settings } from '../../shared/settings/settings-file'
import type { ConversationEntry } from '../../shared/widget-api'
import { type EmailConfig, hasSmtpCredentials } from '../config/parse-email'
import type { Logger } from '../logging/logger'
import type { MetricsRegistry } from '../metrics/registry'
import { readProfile } from '../session/profile'
import { emailItemKey } from '../store/keys'
import type { Store } from '../store/types'
import { createEmailMetrics } from './email-metrics'
import { emailSite } from './email-site'
import { createMailFlush } from './mail-flush'
import type { MailItem, MailPolicy } from './mail-item'
import { createMailOutbox, MAIL_CLAIM_MS } from './mail-outbox'
import { createMissedReplies } from './missed-replies'
import { markProfileUnsubscribed } from './profile-unsubscribed'
import { emailLanguage } from './render/email-language'
import { renderEmail } from './render/render-email'
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
  /** How long schedules, marks and e-mails are kept (the conversations' retention). */
  keepMs: number
  /** The signed "Continue the conversation" link of a visitor (email-resume's createResumeUrl). */
  resumeUrl: (visitorId: string) => Promise<string>
  /** The Reply-To of a visitor's e-mails, when replies by e-mail are on (email-inbound's). */
  replyTo?: (visitorId: string) => string | undefined
  /** Tests: a transport instead of SMTP_URL's. */
  transport?: MailTransport
  /** How often stored schedules and e-mails are looked at. Default 5 s with Redis, 30 s otherwise. */
  sweepMs?: number
  policy?: Partial<MailPolicy>
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
  const timers = new Set<NodeJS.Timeout>()
  let sweepTimer: NodeJS.Timeout | undefined
  let sweeping: Promise<number> | undefined
  let stopped = false

  const unsubscribeUrl = (visitorId: string, address: string) =>
    `${publicUrl}/email/unsubscribe/${tokens.create({ v: visitorId, a: address })}`

  const running = new Set<Promise<unknown>>()

  function later(ms: number, fn: () => Promise<unknown>): void {
    if (stopped) return
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        if (stopped) return
        const work: Promise<unknown> = fn()
          .catch((error: unknown) => logger.error('e-mail: scheduled work failed', { error }))
          .finally(() => running.delete(work))
        running.add(work)
      },
      Math.max(0, ms),
    )
    timer.unref()
    timers.add(timer)
  }

  const outbox = transport
    ? createMailOutbox({
        store,
        transport,
        logger,
        now,
        metrics,
        keepMs: options.keepMs,
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

  async function compose(input: { visitorId: string; to: string; entries: ConversationEntry[] }) {
    const settings = options.settings()
    const profile = await readProfile(store, input.visitorId)
    const site = emailSite(config, settings.email.continueUrl, publicUrl)
    const lang = emailLanguage({
      visitor: profile.lang,
      widget: settings.lang,
      defaultLang: settings.defaultLang,
    })
    const replyTo = options.replyTo?.(input.visitorId)
    const unsubscribe = unsubscribeUrl(input.visitorId, input.to)
    const rendered = renderEmail(input.entries, {
      lang,
      site,
      color: settings.color,
      continueUrl: await options.resumeUrl(input.visitorId),
      unsubscribeUrl: unsubscribe,
      canReply: replyTo !== undefined,
      publicUrl,
    })
    return {
      ...rendered,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        // RFC 3834: no vacation auto-replies to a notification.
        'Auto-Submitted': 'auto-generated',
      },
      ...(replyTo ? { replyTo } : {}),
    }
  }

  const missed =
    outbox && config
      ? createMissedReplies({
          store,
          outbox,
          settings: () => options.settings().email,
          compose,
          isUnsubscribed: suppressions.isUnsubscribed,
          messageIdDomain: config.fromAddress.slice(config.fromAddress.lastIndexOf('@') + 1),
          logger,
          now,
          keepMs: options.keepMs,
        })
      : undefined

  async function sweepOnce(): Promise<number> {
    if (!missed || !outbox) return 0
    const queued = await missed.sweep()
    const attempted = await outbox.sweep()
    return queued + attempted
  }

  return {
    enabled: missed !== undefined,
    /** The durable e-mail outbox while e-mail is on (end-of-chat transcripts join it). */
    outbox: missed ? outbox : undefined,
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
      sweeping ??= sweepOnce()
        .catch((error: unknown) => {
          logger.error('e-mail: sweep failed', { error })
          return 0
        })
        .finally(() => {
          sweeping = undefined
        })
      return sweeping
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
      stopped = true
      clearInterval(sweepTimer)
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await sweeping
      while (running.size > 0) await Promise.allSettled([...running])
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
      await markProfileUnsubscribed(store, claim.v, claim.a, options.keepMs)
      logger.info('e-mail address unsubscribed', { visitorId: claim.v })
      return true
    },
    unsubscribeUrl,
    /** True for an unsubscribe token this backend signed. */
    isUnsubscribeToken: (token: string) => tokens.verify(token) !== undefined,
  }
}
