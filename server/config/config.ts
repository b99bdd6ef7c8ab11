import type { LogLevel } from '../logging/logger'

/** The channel endpoint of CHANNEL_URL, split into what the backend needs. */
export type Channel = {
  /** POST here (A2). A secret: never sent to browsers or written to logs. */
  url: string
  /** GET here (A1). */
  statusUrl: string
  /** The last path segment: the A3 route's :channelId must equal it. */
  publicId: string
}

export type BotConfig = { token: string; providerId: string; baseUrl: string }

export type RateLimits = {
  messagesPerVisitorPerMinute: number
  messagesPerIpPerMinute: number
  sessionsPerIpPerMinute: number
}

/** The backend's validated configuration (see the README, section "Configuration"). */
export type Config = {
  port: number
  host: string
  publicUrl: string
  channel: Channel
  webhookSecret: string
  sessionSecret: string
  identitySecret: string | undefined
  /** Exact origins allowed to call the API from a browser; `*` allows any. */
  allowedOrigins: string[]
  storeUrl: string
  /** The site-owner settings file; undefined when none is configured or present. */
  settingsPath: string | undefined
  demo: boolean
  dataDir: string
  bot: BotConfig | undefined
  trustProxy: boolean
  logLevel: LogLevel
  statusCacheMs: number
  upstreamTimeoutMs: number
  retryIntervalMs: number
  retries: number
  heartbeatMs: number
  retention: { maxAgeMs: number; maxEntries: number }
  rateLimits: RateLimits
}
