import { z } from 'zod'

// Every environment variable the backend reads, with its rule and default. The
// messages say how to fix a bad value: they are printed as they are at start-up.

const intIn = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback)

const flag = z
  .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 (on) or 0 (off)' })
  .optional()
  .transform((value) => value === '1' || value === 'true')

// How many reverse proxies stand in front of the backend: 0/false/empty none,
// 1/true one (as the older on/off flag), up to 10.
const proxyHops = z
  .string()
  .trim()
  .regex(
    /^(?:true|false|\d{1,2})?$/,
    'must be 1 (on) or 0 (off), or the number of proxies in front of the backend (up to 10)',
  )
  .transform((value) =>
    value === 'true' ? 1 : value === 'false' || value === '' ? 0 : Number(value),
  )
  .pipe(z.number().max(10, 'must be at most 10 (the number of proxies in front of the backend)'))
  .optional()
  .transform((value) => value ?? 0)

const secret = (min: number, hint: string) =>
  z
    .string()
    .min(min, `must be at least ${min} characters long: ${hint}`)
    .max(512, 'must be at most 512 characters')
    .optional()

export const EnvSchema = z.object({
  PORT: intIn(0, 65535, 3000),
  HOST: z.string().trim().min(1).optional(),
  PUBLIC_URL: z.string().trim().optional(),
  CHANNEL_URL: z.string().trim().optional(),
  WEBHOOK_SECRET: secret(16, 'generate one with `openssl rand -hex 24`').refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]+$/.test(value),
    'must use only letters, digits, - and _ (it is a URL path segment)',
  ),
  SESSION_SECRET: secret(32, 'generate one with `openssl rand -hex 32`'),
  IDENTITY_SECRET: secret(16, 'use the same value your site signs user ids with'),
  ADMIN_PASSWORD: secret(12, 'choose a long passphrase for the settings studio at /admin'),
  ADMIN_TOKEN: secret(24, 'generate one with `openssl rand -hex 24`'),
  ALLOWED_ORIGINS: z.string().optional(),
  STORE_URL: z.string().trim().optional(),
  PORTHOLE_CONFIG: z.string().trim().optional(),
  PORTHOLE_DEMO: flag,
  PORTHOLE_DATA_DIR: z.string().trim().optional(),
  BOT_TOKEN: z.string().trim().optional(),
  BOT_PROVIDER_ID: z.string().trim().optional(),
  BOT_BASE_URL: z.string().trim().optional(),
  TRUST_PROXY: proxyHops,
  IPV6_PREFIX_BITS: intIn(16, 128, 64),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).optional().default('info'),
  STATUS_CACHE_SECONDS: intIn(1, 3600, 15),
  REDIS_TIMEOUT_MS: intIn(100, 60_000, 3000),
  UPSTREAM_TIMEOUT_MS: intIn(100, 120_000, 10_000),
  A2_RETRY_INTERVAL_MS: intIn(1, 60_000, 3000),
  A2_TIMEOUT_MS: intIn(100, 59_000, 45_000),
  A2_RETRIES: intIn(0, 10, 3),
  A2_GIVE_UP_HOURS: intIn(1, 720, 24),
  SESSION_TTL_DAYS: intIn(1, 3650, 30),
  MAX_STREAMS_PER_IP: intIn(1, 1_000_000, 50),
  MAX_STREAMS: intIn(1, 10_000_000, 20_000),
  STREAMS_BUFFER_MB: intIn(1, 65_536, 16),
  HEARTBEAT_SECONDS: intIn(1, 300, 25),
  SHUTDOWN_DRAIN_SECONDS: intIn(0, 300, 0),
  SHUTDOWN_TIMEOUT_SECONDS: intIn(1, 3600, 20),
  RETENTION_DAYS: intIn(1, 3650, 30),
  RETENTION_MAX_ENTRIES: intIn(10, 1_000_000, 1000),
  RETENTION_START_DELAY_SECONDS: intIn(0, 86_400, 300),
  RETENTION_MAX_DELETE_PERCENT: intIn(1, 100, 25),
  RATE_LIMIT_MESSAGES_PER_MINUTE: intIn(1, 100_000, 120),
  RATE_LIMIT_IP_MESSAGES_PER_MINUTE: intIn(1, 1_000_000, 600),
  RATE_LIMIT_SESSIONS_PER_MINUTE: intIn(1, 100_000, 30),
  RATE_LIMIT_UPLOADS_PER_MINUTE: intIn(1, 10_000, 20),
  RATE_LIMIT_IP_UPLOADS_PER_MINUTE: intIn(1, 100_000, 100),
  RATE_LIMIT_SEARCHES_PER_MINUTE: intIn(1, 1_000_000, 120),
  ALLOWED_FETCH_HOSTS: z.string().optional(),
  UPLOAD_MAX_MB: intIn(1, 1024, 10),
  UPLOAD_QUOTA_MB_PER_VISITOR: intIn(1, 1_000_000, 100),
  UPLOAD_QUOTA_MB_PER_IP: intIn(1, 1_000_000, 500),
  UPLOAD_QUOTA_HOURS: intIn(1, 720, 24),
  DISK_FREE_FLOOR_MB: intIn(0, 10_000_000, 1024),
  UPLOAD_TYPES: z.string().optional(),
  UPLOAD_DIR: z.string().trim().min(1, 'must be a folder path').optional(),
  UPLOAD_STORE: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(
      z.enum(['folder', 's3'], {
        message: 'must be folder (UPLOAD_DIR, the default) or s3 (an S3-compatible bucket, S3_*)',
      }),
    )
    .optional()
    .transform((value) => value ?? 'folder'),
  S3_ENDPOINT: z.string().trim().optional(),
  S3_REGION: z.string().trim().optional(),
  S3_BUCKET: z.string().trim().optional(),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: flag,
  S3_PREFIX: z.string().trim().optional(),
  SMTP_URL: z.string().trim().optional(),
  SMTP_ALLOW_PLAINTEXT_AUTH: flag,
  EMAIL_FROM: z.string().trim().optional(),
  EMAIL_REPLY_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/,
      'must be a domain name, e.g. reply.example.com (its MX record points at your inbound mail service)',
    )
    .optional(),
  EMAIL_ATTACHMENTS_MB_PER_HOUR: intIn(0, 1_000_000, 200),
  INBOUND_EMAIL_SECRET: secret(16, 'generate one with `openssl rand -hex 24`').refine(
    (value) => value === undefined || /^[A-Za-z0-9_-]+$/.test(value),
    'must use only letters, digits, - and _ (it is a URL path segment)',
  ),
  EMAIL_MAX_PER_ADDRESS_PER_DAY: intIn(1, 1000, 20),
  EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: intIn(1, 100, 3),
  ANSWERS_LLM_URL: z.string().trim().optional(),
  ANSWERS_LLM_KEY: z.string().trim().max(4096, 'must be at most 4096 characters').optional(),
  ANSWERS_LLM_MODEL: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  ANSWERS_LLM_TIMEOUT_MS: intIn(500, 120_000, 8000),
  ANSWERS_LLM_HEADERS: z.string().trim().optional(),
  ANSWERS_LLM_MAX_PER_CONVERSATION: intIn(1, 1000, 10),
  ANSWERS_LLM_DAILY_TOKENS: intIn(1000, 1_000_000_000, 200_000),
})
export type EnvSchema = z.infer<typeof EnvSchema>
