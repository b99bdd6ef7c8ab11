import type { UploadTypeName } from '../../shared/upload-types'
import type { LogLevel } from '../logging/logger'
import type { AnswersLlmConfig } from './parse-answers-llm'
import type { EmailConfig } from './parse-email'
import type { InboundEmailConfig } from './parse-inbound-email'
import type { RetentionKinds } from './retention-kinds'

/** The channel endpoint of CHANNEL_URL, split into what the backend needs. */
export type Channel = {
  /** POST here (A2). A secret: never sent to browsers or written to logs. */
  url: string
  /** GET here (A1). */
  statusUrl: string
  /** The last path segment: the A3 route's :channelId must equal it. */
  publicId: string
}

/** ADMIN_PASSWORD (the studio's login) and ADMIN_TOKEN (automation on /admin/api/*). Secrets. */
export type AdminConfig = { password: string; token: string | undefined }

export type BotConfig = { token: string; providerId: string; baseUrl: string }

export type RateLimits = {
  messagesPerVisitorPerMinute: number
  messagesPerIpPerMinute: number
  sessionsPerIpPerMinute: number
}

/** The backend's validated configuration (see docs/operators/configuration.md). */
export type Config = {
  port: number
  host: string
  publicUrl: string
  channel: Channel
  webhookSecret: string
  sessionSecret: string
  identitySecret: string | undefined
  /** The settings studio at /admin: off (undefined) unless ADMIN_PASSWORD is set. */
  admin: AdminConfig | undefined
  /** Exact origins allowed to call the API from a browser; `*` allows any. */
  allowedOrigins: string[]
  storeUrl: string
  /** Longest wait for a Redis command before it fails (REDIS_TIMEOUT_MS). */
  redisTimeoutMs: number
  /** The site-owner settings file; undefined when none is configured or present. */
  settingsPath: string | undefined
  demo: boolean
  dataDir: string
  bot: BotConfig | undefined
  /** Reverse proxies in front of the backend (TRUST_PROXY): whose X-Forwarded-For entries are trusted. */
  trustProxy: number
  /** Per-address limits count an IPv6 client by its network of this many bits (IPV6_PREFIX_BITS). */
  ipv6PrefixBits: number
  logLevel: LogLevel
  statusCacheMs: number
  upstreamTimeoutMs: number
  /** One A2 customer message request, its answer included (A2_TIMEOUT_MS). */
  a2TimeoutMs: number
  retryIntervalMs: number
  retries: number
  /** After the fast retries, a customer message is retried with backoff this long (ms) before it fails. */
  giveUpMs: number
  /** Sliding lifetime of a visitor credential (ms). */
  sessionTtlMs: number
  /** Open SSE streams per client address (429 beyond) and per instance (503 beyond). */
  maxStreamsPerIp: number
  maxStreams: number
  /** Live events held for streams that do not read, all together (STREAMS_BUFFER_MB, bytes). */
  streamsBufferBytes: number
  heartbeatMs: number
  /** On shutdown, keep serving this long with /healthz answering 503 "draining" before closing (ms). */
  shutdownDrainMs: number
  /** After the drain, the longest a shutdown waits for work in flight (SHUTDOWN_TIMEOUT_SECONDS, ms). */
  shutdownTimeoutMs: number
  /** RETENTION_*: age and count limits, and the guards against a clock that jumps (server/retention/). */
  retention: {
    /** RETENTION_DAYS: the default of every kind, and the age of what no kind names (sessions' records, contact profiles). */
    maxAgeMs: number
    /** RETENTION_<KIND>_DAYS: how long each kind is kept (ms), RETENTION_DAYS when unset. */
    kinds: RetentionKinds
    maxEntries: number
    startDelayMs: number
    maxDeletePercent: number
  }
  rateLimits: RateLimits
  /** The help articles: RATE_LIMIT_SEARCHES_PER_MINUTE, ALLOWED_FETCH_HOSTS (lower case). */
  help: { searchesPerMinute: number; allowedFetchHosts: string[] }
  /** Customer attachments (UPLOAD_*, S3_*, RATE_LIMIT_*UPLOADS_PER_MINUTE). */
  uploads: UploadsConfig
  /** Bytes of attachments per visitor and per address over a window (UPLOAD_QUOTA_*). */
  uploadQuota: { perVisitorBytes: number; perIpBytes: number; windowMs: number }
  /** DISK_FREE_FLOOR_MB in bytes: below it uploads answer 507 and /healthz says the disk is low. */
  diskFreeFloorBytes: number
  /** E-mail to visitors (SMTP_URL, EMAIL_FROM); undefined: off. */
  email?: EmailConfig | undefined
  /** E-mails per address in any 24 hours (EMAIL_MAX_PER_ADDRESS_PER_DAY, EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY). */
  emailCaps?: EmailCaps
  /** Replies by e-mail: off (undefined) unless EMAIL_REPLY_DOMAIN and INBOUND_EMAIL_SECRET are set. */
  inboundEmail: InboundEmailConfig | undefined
  /** Answers written by a language model (ANSWERS_LLM_*); undefined: no model (the default). */
  answersLlm?: AnswersLlmConfig | undefined
}

export type EmailCaps = { perAddressPerDay: number; confirmationsPerAddressPerDay: number }

export type UploadsConfig = {
  maxBytes: number
  /** The accepted types, by name (server/uploads/file-types.ts). */
  types: UploadTypeName[]
  /** The folder store's folder; with S3, bodies being received pass through its `.incoming`. */
  dir: string
  /** UPLOAD_STORE: the folder (default) or an S3-compatible bucket. */
  store: UploadStore
  perVisitorPerMinute: number
  /** RATE_LIMIT_IP_UPLOADS_PER_MINUTE: a visitor can mint new sessions, an address cannot cheaply. */
  perIpPerMinute: number
}

export type UploadStore = { kind: 'folder' } | ({ kind: 's3' } & S3Config)

/** An S3-compatible bucket (S3_* variables). */
export type S3Config = {
  /** The service's origin, e.g. `https://s3.eu-west-1.amazonaws.com` (no path). */
  endpoint: string
  region: string
  bucket: string
  accessKeyId: string
  /** A secret: never written to logs. */
  secretAccessKey: string
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key`. */
  forcePathStyle: boolean
  /** Put before every key ('' or ending in '/'), so one bucket can hold other things. */
  prefix: string
}
