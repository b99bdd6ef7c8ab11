import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { UPLOAD_TYPE_NAMES, type UploadTypeName } from '../../shared/upload-types'
import { isHttpUrl } from '../../shared/url'
import type { BotConfig, Config } from './config'
import { loadDemoSecrets } from './demo-secrets'
import { EnvSchema } from './env-schema'
import { ConfigError, type ConfigProblem, isConfigError } from './errors'
import { parseAnswersLlm } from './parse-answers-llm'
import { parseChannelUrl } from './parse-channel'
import { parseEmail } from './parse-email'
import { parseInboundEmail } from './parse-inbound-email'
import { parseOrigins } from './parse-origins'
import { parseUploadStore } from './parse-upload-store'
import { parseUploadTypes } from './parse-upload-types'
import { retentionKinds } from './retention-kinds'

export type Env = Record<string, string | undefined>

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const MB = 1024 * 1024

/**
 * Reads the backend's configuration from environment variables. Throws one
 * ConfigError naming every bad or missing variable and how to fix it.
 *
 * @example const config = loadConfig(process.env)
 */
export function loadConfig(env: Env, options: { cwd?: string } = {}): Config {
  const cwd = options.cwd ?? process.cwd()
  // An empty variable is treated as unset (`FOO= npm run serve`).
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  )
  const problems: ConfigProblem[] = []
  const fail = (variable: string, problem: string) => problems.push({ variable, problem })
  const reported = (variable: string) => problems.some((p) => p.variable === variable)
  // A parser's ConfigError joins the other problems, so every problem is reported at once.
  const collect = <T>(parse: () => T): T | undefined => {
    try {
      return parse()
    } catch (error) {
      if (!isConfigError(error)) throw error
      problems.push(...error.problems)
      return undefined
    }
  }
  let parsed = EnvSchema.safeParse(present)
  if (!parsed.success) {
    // Note the bad variables, then go on without them so every problem is reported at once.
    const bad = new Set<string>()
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? 'environment')
      bad.add(variable)
      fail(variable, issue.message)
    }
    parsed = EnvSchema.safeParse(
      Object.fromEntries(Object.entries(present).filter(([k]) => !bad.has(k))),
    )
    if (!parsed.success) throw new ConfigError(problems)
  }
  const e = parsed.data
  const dataDir = resolve(cwd, e.PORTHOLE_DATA_DIR ?? 'data')
  const demo = e.PORTHOLE_DEMO

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  if (!isHttpUrl(publicUrl))
    fail('PUBLIC_URL', 'must be the http(s):// address browsers use to reach this backend')

  let channel: Config['channel'] = { url: '', statusUrl: '', publicId: '' }
  if (e.CHANNEL_URL === undefined) {
    fail(
      'CHANNEL_URL',
      demo
        ? 'is not set: start the demo with `npm start`, which creates a sandbox channel and passes its endpoint'
        : 'is not set: copy the channel endpoint from the service’s channel settings (Manage › Add Channels › Chat API)',
    )
  } else {
    const url = e.CHANNEL_URL
    channel = collect(() => parseChannelUrl(url)) ?? channel
  }

  let webhookSecret = e.WEBHOOK_SECRET
  let sessionSecret = e.SESSION_SECRET
  // Demo mode fills in missing secrets, never malformed ones.
  const malformed = reported('WEBHOOK_SECRET') || reported('SESSION_SECRET')
  if (demo && !malformed && (webhookSecret === undefined || sessionSecret === undefined)) {
    const generated = loadDemoSecrets(dataDir)
    webhookSecret ??= generated.webhookSecret
    sessionSecret ??= generated.sessionSecret
  }
  if (webhookSecret === undefined && !reported('WEBHOOK_SECRET')) {
    fail(
      'WEBHOOK_SECRET',
      'is not set: generate one with `openssl rand -hex 24`; the service’s webhook URL is {PUBLIC_URL}/hooks/{WEBHOOK_SECRET}',
    )
  }
  if (sessionSecret === undefined && !reported('SESSION_SECRET')) {
    fail(
      'SESSION_SECRET',
      'is not set: generate one with `openssl rand -hex 32` and keep it stable (changing it signs every visitor out)',
    )
  }

  const adminPassword = e.ADMIN_PASSWORD
  if (e.ADMIN_TOKEN !== undefined && adminPassword === undefined && !reported('ADMIN_PASSWORD'))
    fail('ADMIN_TOKEN', 'needs ADMIN_PASSWORD: the settings studio is off without a password')

  let allowedOrigins = ['http://localhost:3000']
  if (e.ALLOWED_ORIGINS !== undefined) {
    const value = e.ALLOWED_ORIGINS
    allowedOrigins = collect(() => parseOrigins(value)) ?? allowedOrigins
  }

  const bot = parseBot(e.BOT_TOKEN, e.BOT_PROVIDER_ID, e.BOT_BASE_URL, fail)

  let settingsPath: string | undefined
  if (e.PORTHOLE_CONFIG !== undefined) {
    settingsPath = resolve(cwd, e.PORTHOLE_CONFIG)
    if (!existsSync(settingsPath))
      fail('PORTHOLE_CONFIG', `${settingsPath} does not exist: fix the path or unset the variable`)
  } else if (existsSync(resolve(cwd, 'porthole.config.json'))) {
    settingsPath = resolve(cwd, 'porthole.config.json')
  }

  let uploadTypes: UploadTypeName[] = [...UPLOAD_TYPE_NAMES]
  if (e.UPLOAD_TYPES !== undefined) {
    const value = e.UPLOAD_TYPES
    uploadTypes = collect(() => parseUploadTypes(value)) ?? uploadTypes
  }

  const uploadStore = parseUploadStore(e, fail)
  const email = parseEmail(e.SMTP_URL, e.EMAIL_FROM, fail, e.SMTP_ALLOW_PLAINTEXT_AUTH)

  // A quota below the largest file would refuse that file every time.
  for (const variable of ['UPLOAD_QUOTA_MB_PER_VISITOR', 'UPLOAD_QUOTA_MB_PER_IP'] as const) {
    if (e[variable] < e.UPLOAD_MAX_MB)
      fail(variable, `must be at least UPLOAD_MAX_MB (${e.UPLOAD_MAX_MB}), the largest file`)
  }
  // The service asks for resends 3–60 s apart: a request and the pause after it fit in 60 s.
  if (
    !reported('A2_TIMEOUT_MS') &&
    !reported('A2_RETRY_INTERVAL_MS') &&
    e.A2_TIMEOUT_MS + e.A2_RETRY_INTERVAL_MS > 60_000
  )
    fail(
      'A2_TIMEOUT_MS',
      `with A2_RETRY_INTERVAL_MS=${e.A2_RETRY_INTERVAL_MS} it must be at most ${60_000 - e.A2_RETRY_INTERVAL_MS}: the service asks for resends of a customer message 3–60 s apart`,
    )
  const inboundEmail = parseInboundEmail(e, e.UPLOAD_MAX_MB * 1024 * 1024, fail, reported)
  const answersLlm = parseAnswersLlm(e, fail)

  if (problems.length > 0) throw new ConfigError(problems)
  return {
    port: e.PORT,
    host: e.HOST ?? '0.0.0.0',
    publicUrl,
    channel,
    webhookSecret: webhookSecret ?? '',
    sessionSecret: sessionSecret ?? '',
    identitySecret: e.IDENTITY_SECRET,
    admin:
      adminPassword === undefined ? undefined : { password: adminPassword, token: e.ADMIN_TOKEN },
    allowedOrigins,
    emailCaps: {
      perAddressPerDay: e.EMAIL_MAX_PER_ADDRESS_PER_DAY,
      confirmationsPerAddressPerDay: e.EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY,
    },
    storeUrl: e.STORE_URL ?? `sqlite:${resolve(dataDir, 'porthole.db')}`,
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    settingsPath,
    demo,
    dataDir,
    bot,
    trustProxy: e.TRUST_PROXY,
    ipv6PrefixBits: e.IPV6_PREFIX_BITS,
    logLevel: e.LOG_LEVEL,
    statusCacheMs: e.STATUS_CACHE_SECONDS * 1000,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    a2TimeoutMs: e.A2_TIMEOUT_MS,
    retryIntervalMs: e.A2_RETRY_INTERVAL_MS,
    retries: e.A2_RETRIES,
    giveUpMs: e.A2_GIVE_UP_HOURS * 3_600_000,
    sessionTtlMs: e.SESSION_TTL_DAYS * DAY,
    maxStreamsPerIp: e.MAX_STREAMS_PER_IP,
    maxStreams: e.MAX_STREAMS,
    streamsBufferBytes: e.STREAMS_BUFFER_MB * 1024 * 1024,
    heartbeatMs: e.HEARTBEAT_SECONDS * 1000,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    retention: {
      maxAgeMs: e.RETENTION_DAYS * DAY,
      kinds: retentionKinds(e, DAY),
      maxEntries: e.RETENTION_MAX_ENTRIES,
      startDelayMs: e.RETENTION_START_DELAY_SECONDS * 1000,
      maxDeletePercent: e.RETENTION_MAX_DELETE_PERCENT,
    },
    rateLimits: {
      messagesPerVisitorPerMinute: e.RATE_LIMIT_MESSAGES_PER_MINUTE,
      messagesPerIpPerMinute: e.RATE_LIMIT_IP_MESSAGES_PER_MINUTE,
      sessionsPerIpPerMinute: e.RATE_LIMIT_SESSIONS_PER_MINUTE,
    },
    help: {
      searchesPerMinute: e.RATE_LIMIT_SEARCHES_PER_MINUTE,
      allowedFetchHosts: (e.ALLOWED_FETCH_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host.length > 0),
    },
    uploads: {
      maxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
      types: uploadTypes,
      dir: resolve(cwd, e.UPLOAD_DIR ?? join(dataDir, 'uploads')),
      store: uploadStore,
      perVisitorPerMinute: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
      perIpPerMinute: e.RATE_LIMIT_IP_UPLOADS_PER_MINUTE,
    },
    uploadQuota: {
      perVisitorBytes: e.UPLOAD_QUOTA_MB_PER_VISITOR * MB,
      perIpBytes: e.UPLOAD_QUOTA_MB_PER_IP * MB,
      windowMs: e.UPLOAD_QUOTA_HOURS * 60 * MINUTE,
    },
    diskFreeFloorBytes: e.DISK_FREE_FLOOR_MB * MB,
    email,
    inboundEmail,
    answersLlm,
  }
}

function parseBot(
  token: string | undefined,
  providerId: string | undefined,
  baseUrl: string | undefined,
  fail: (variable: string, problem: string) => void,
): BotConfig | undefined {
  const given = [token, providerId, baseUrl].filter((v) => v !== undefined).length
  if (given === 0) return undefined
  if (given < 3) {
    for (const [name, value] of [
      ['BOT_TOKEN', token],
      ['BOT_PROVIDER_ID', providerId],
      ['BOT_BASE_URL', baseUrl],
    ] as const) {
      if (value === undefined)
        fail(
          name,
          'is not set: the bot needs BOT_TOKEN, BOT_PROVIDER_ID and BOT_BASE_URL together (or none of them)',
        )
    }
    return undefined
  }
  if (!/^[A-Za-z0-9_-]{16,256}$/.test(token ?? '')) {
    fail(
      'BOT_TOKEN',
      'must be 16 to 256 letters, digits, - or _ (it is the last segment of the bot URLs)',
    )
  }
  if (!/^[A-Za-z0-9_.-]{1,128}$/.test(providerId ?? '')) {
    fail(
      'BOT_PROVIDER_ID',
      'must be the provider id the service issued (letters, digits, ., - or _)',
    )
  }
  if (!isHttpUrl(baseUrl ?? ''))
    fail('BOT_BASE_URL', 'must be the service’s http(s):// bot address ({bot_base_url})')
  return {
    token: token ?? '',
    providerId: providerId ?? '',
    baseUrl: (baseUrl ?? '').replace(/\/+$/, ''),
  }
}
