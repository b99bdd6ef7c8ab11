import type { AppDeps } from './app-deps'
import type { ChannelClient } from './channel/channel-client'
import { createChannelClient } from './channel/channel-client'
import { createOutbox, type Outbox } from './channel/outbox'
import { createStatusCache, type StatusCache } from './channel/status'
import { idleMsOf } from './conversation/end-conversation'
import { createIdleSweep } from './conversation/idle-sweep'
import { createEmailService, type EmailService } from './email/email-service'
import { replyToOf } from './email/reply-address'
import { createResumeLinks, type ResumeLinks } from './email/resume-link'
import { createStreamHub, type StreamHub } from './events/stream-hub'
import { createHelp, type Help } from './help/help-service'
import { createArticleStore } from './help/store/create-article-store'
import { perMinuteLimiter, type RateLimiter } from './http/rate-limit'
import { createIncomingMasker } from './masking/incoming-masker'
import { createPortholeMetrics, type PortholeMetrics } from './metrics/porthole-metrics'
import type { ModelAnswers } from './model-answers/model-answers'
import { createRuntimeAnswers } from './model-answers/runtime-answers'
import { createVisitorData, type VisitorData } from './privacy/visitor-data'
import { createRetention } from './retention/retention'
import { createSettingsProvider, type SettingsProvider } from './settings/settings-provider'
import { createFileStore } from './uploads/create-file-store'
import type { FileStore } from './uploads/file-store'

const MINUTE = 60_000
const PRUNE_EVERY_MS = 60 * MINUTE

/** The app's long-lived parts: what graceful shutdown has to stop. */
export type Runtime = {
  client: ChannelClient
  status: StatusCache
  outbox: Outbox
  hub: StreamHub
  metrics: PortholeMetrics
  /** The site owner's settings in force (saved in the studio, seeded from PORTHOLE_CONFIG). */
  settings: SettingsProvider
  /** Customer attachments (UPLOAD_STORE: UPLOAD_DIR or the bucket, or the store AppDeps.files gave). */
  files: FileStore
  /** The e-mails' resume links: `resume.createResumeUrl` is what the mailer puts in each e-mail. */
  resume: ResumeLinks
  /** E-mail to visitors (missed replies, unsubscribe); off without SMTP_URL. */
  email: EmailService
  /**
   * The help articles (server/help/): search over this instance's index (kept in step
   * with every instance's saves), the articles' store, the counters.
   */
  help: Help
  /** A visitor's data: the export and the erasure (server/privacy/). */
  visitorData: VisitorData
  /** Written answers by the operator's language model (ANSWERS_LLM_*; each answer 'no_model' without). */
  answers: ModelAnswers
  /** Per-minute limits; on a redis: store counted across every instance. */
  limits: {
    visitorMessages: RateLimiter
    ipMessages: RateLimiter
    ipSessions: RateLimiter
    visitorUploads: RateLimiter
    ipUploads: RateLimiter
  }
  /**
   * Retention: old conversation entries and attachments are dropped every hour, the first
   * pass RETENTION_START_DELAY_SECONDS after start() (server/retention/: a pass is skipped
   * when the clock stepped, and capped). A pass never throws (its errors are logged).
   */
  retention: {
    /** The first pass (undefined until it begins): it does not hold start() up. */
    readonly firstPass: Promise<void> | undefined
    /** Runs a pass now; while one is running, answers that one. */
    run(): Promise<void>
  }
  /**
   * Loads the settings in force, resumes pending outbound messages and begins retention
   * (without waiting for its first pass: an unreachable bucket must not delay serving);
   * call once the app serves.
   */
  start(): Promise<void>
  /** Stops timers and ends streams (clients reconnect); does not close the store. */
  stop(): void
  /** Marks the instance as shutting down: /healthz answers 503 "draining"; everything else still serves. */
  drain(): void
  /** True once drain() or stop() was called, so load balancers stop sending. */
  readonly draining: boolean
}

export function createRuntime(deps: AppDeps): Runtime {
  const { config, store, logger, now } = deps
  const metrics = deps.metrics ?? createPortholeMetrics()
  const client = createChannelClient({
    channel: config.channel,
    fetch: deps.fetch,
    timeoutMs: config.upstreamTimeoutMs,
    metrics,
    logger,
    now,
  })
  const hub = createStreamHub({
    store,
    logger,
    heartbeatMs: config.heartbeatMs,
    maxStreamsPerIp: config.maxStreamsPerIp,
    maxStreams: config.maxStreams,
    maxTotalQueuedBytes: config.streamsBufferBytes,
  })
  metrics.setOpenStreams(() => hub.count())
  const settings = createSettingsProvider({
    store,
    initial: deps.settings,
    fromFile: config.settingsPath !== undefined,
    now,
    logger,
  })
  const status = createStatusCache({
    client,
    ttlMs: config.statusCacheMs,
    now,
    logger,
    onChange: (online) => hub.broadcast('status', { online }),
  })
  const outbox = createOutbox({
    store,
    client,
    logger,
    now,
    retryIntervalMs: config.retryIntervalMs,
    retries: config.retries,
    giveUpMs: config.giveUpMs,
    upstreamTimeoutMs: config.a2TimeoutMs,
    keepMs: config.retention.kinds.messages,
  })
  const idleSweep = createIdleSweep({
    store,
    visitors: () => hub.visitorIds(),
    idleMs: () => idleMsOf(settings.current()),
    now,
    logger,
    everyMs: MINUTE,
  })
  const files = deps.files ?? createFileStore(config, logger)
  const resume = createResumeLinks({
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    store,
    now,
    sessionTtlMs: config.sessionTtlMs,
    allowedOrigins: config.allowedOrigins,
    // email.linkDays and email.continueUrl, read as they are now.
    linkDays: () => settings.current().email.linkDays,
    continueUrl: () => settings.current().email.continueUrl,
  })
  const replyTo = deps.email?.replyTo ?? replyToOf(config)
  const email = createEmailService({
    email: config.email,
    publicUrl: config.publicUrl,
    sessionSecret: config.sessionSecret,
    store,
    settings: () => settings.current(),
    logger,
    now,
    registry: metrics.registry,
    profileKeepMs: config.retention.maxAgeMs,
    ...(config.emailCaps ? { caps: config.emailCaps } : {}),
    resumeUrl: deps.email?.resumeUrl ?? ((visitorId) => resume.createResumeUrl({ visitorId })),
    // Replies by e-mail (EMAIL_REPLY_DOMAIN): each e-mail's Reply-To is the visitor's signed address.
    ...(replyTo ? { replyTo } : {}),
    ...(deps.email?.transport ? { transport: deps.email.transport } : {}),
    ...(deps.email?.sweepMs ? { sweepMs: deps.email.sweepMs } : {}),
  })
  const limiter = (name: string, limit: number) => perMinuteLimiter(store, logger, name, limit)
  const retention = createRetention({
    store,
    files,
    policy: config.retention,
    now,
    monotonic: deps.monotonic ?? (() => performance.now()),
    logger,
    everyMs: PRUNE_EVERY_MS,
    // The service's clock (an A1 answer's Date header): one status call a pass.
    referenceClock: async () => (await client.status()).serviceDate,
  })
  const help = createHelp({
    articles: createArticleStore(store, logger),
    store,
    publicUrl: config.publicUrl,
    registry: metrics.registry,
    now,
    logger,
  })
  const masker = createIncomingMasker(() => settings.current())
  const answers = createRuntimeAnswers({
    config,
    store,
    help,
    fetch: deps.fetch,
    registry: metrics.registry,
    logger,
    now,
    // Card numbers, IBANs and the site's own patterns never reach the model.
    mask: (text) => masker(text).text,
  })
  let draining = false

  return {
    visitorData: createVisitorData(deps, { files, outbox }),
    client,
    status,
    outbox,
    hub,
    metrics,
    settings,
    files,
    resume,
    email,
    help,
    answers,
    limits: {
      visitorMessages: limiter(
        'messages-per-visitor',
        config.rateLimits.messagesPerVisitorPerMinute,
      ),
      ipMessages: limiter('messages-per-ip', config.rateLimits.messagesPerIpPerMinute),
      ipSessions: limiter('sessions-per-ip', config.rateLimits.sessionsPerIpPerMinute),
      visitorUploads: limiter('uploads-per-visitor', config.uploads.perVisitorPerMinute),
      ipUploads: limiter('uploads-per-ip', config.uploads.perIpPerMinute),
    },
    retention: {
      get firstPass() {
        return retention.firstPass
      },
      run: retention.run,
    },
    async start() {
      await settings.start()
      await outbox.resume()
      retention.start()
      idleSweep.start()
      email.start()
      await help.start()
    },
    drain() {
      draining = true
    },
    stop() {
      draining = true
      retention.stop()
      idleSweep.stop()
      settings.stop()
      // startServer's close() awaits the requests in flight (outbox.stop() again) before the store closes.
      void outbox.stop()
      void email.stop()
      void help.stop()
      hub.close()
    },
    get draining() {
      return draining
    },
  }
}
