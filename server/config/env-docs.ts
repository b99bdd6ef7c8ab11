// What each environment variable of env-schema.ts means and its default, as operators
// read them: scripts/docs-config.ts renders this into docs/operators/configuration.md, and
// tests/docs/configuration.test.ts fails when a schema variable has no entry here or the
// page differs. Markdown; the order is the table's.

import type { EnvSchema } from './env-schema'

export interface EnvDoc {
  /** What the variable does, in Markdown (one table cell: no line breaks, no `|`). */
  readonly meaning: string
  /** The value when it is unset, or `required`, in Markdown. */
  readonly default: string
}

export const ENV_DOCS: { readonly [name in keyof EnvSchema]: EnvDoc } = {
  PORT: {
    meaning: 'listen port (`0` picks a free one)',
    default: '`3000`',
  },
  HOST: {
    meaning: 'listen address',
    default: '`0.0.0.0`',
  },
  PUBLIC_URL: {
    meaning:
      'the address browsers and the service use to reach the backend (no trailing slash needed)',
    default: '`http://localhost:$PORT`',
  },
  CHANNEL_URL: {
    meaning:
      'the channel endpoint `{base_url}/<random_string>/<CHANNEL_PUBLIC_ID>`. **Secret**: it is never sent to browsers or written to logs',
    default: 'required',
  },
  WEBHOOK_SECRET: {
    meaning: 'path secret of the A3 receiver; 16–512 letters, digits, `-`, `_`',
    default: 'required',
  },
  SESSION_SECRET: {
    meaning:
      'HMAC key of visitor tokens; at least 32 characters. Changing it signs every visitor out',
    default: 'required',
  },
  IDENTITY_SECRET: {
    meaning:
      'HMAC key for identity verification of logged-in users (see below); at least 16 characters',
    default: 'unset (off)',
  },
  ADMIN_PASSWORD: {
    meaning:
      'turns the settings studio on at `/admin` (see [the settings studio](../site-owners/settings.md#for-site-owners-the-settings-studio)); at least 12 characters. **Secret**: kept only as a scrypt hash in memory, never logged. Without it every `/admin` path is 404',
    default: 'unset (off); `npm start` generates one',
  },
  ADMIN_TOKEN: {
    meaning:
      '`Authorization: Bearer <ADMIN_TOKEN>` opens every `/admin/api/*` route, for scripts and CI; at least 24 characters (`openssl rand -hex 24`); needs `ADMIN_PASSWORD`. **Secret**',
    default: 'unset',
  },
  SESSION_TTL_DAYS: {
    meaning:
      'sliding lifetime of a visitor token: a token unused for this long is refused (401 `session_expired`); each `POST /api/session {token}` renews it (1–3650)',
    default: '`30`',
  },
  ALLOWED_ORIGINS: {
    meaning:
      "comma-separated origins that may embed the widget, e.g. `https://www.example.com,https://shop.example.com`; `*` allows any (not recommended). The backend's own origin is always allowed",
    default: '`http://localhost:3000`',
  },
  STORE_URL: {
    meaning: '`sqlite:<path>`, `memory:` (tests and throw-away demos only) or `redis://…`',
    default: '`sqlite:<PORTHOLE_DATA_DIR>/porthole.db`',
  },
  REDIS_TIMEOUT_MS: {
    meaning:
      'with `redis://`: the longest wait for a Redis command. A Redis that stops answering (frozen, swapping, a stuck fork) then fails requests fast instead of holding them: webhooks answer 503 so the service retries, the widget API 503 with `Retry-After`, `/healthz` 503 `unavailable`; a conversation write that reaches Redis after it writes nothing (100–60000)',
    default: '`3000`',
  },
  PORTHOLE_CONFIG: {
    meaning: 'path of the site-owner settings file (JSON, below)',
    default: '`porthole.config.json` in the working directory, if present',
  },
  PORTHOLE_DATA_DIR: {
    meaning: 'folder for the default sqlite file and demo secrets',
    default: '`./data`',
  },
  PORTHOLE_DEMO: {
    meaning:
      '`1` in the demo launcher: a missing `WEBHOOK_SECRET`/`SESSION_SECRET` is generated once and kept in `<data dir>/demo-secrets.json`, so tokens survive a restart',
    default: '`0`',
  },
  BOT_TOKEN: {
    meaning:
      "the bot provider's token (**Secret**); the B2 endpoint is `{PUBLIC_URL}/bot/{BOT_TOKEN}`. `BOT_TOKEN`, `BOT_PROVIDER_ID` and `BOT_BASE_URL` are set all three or none",
    default: 'bot off',
  },
  BOT_PROVIDER_ID: {
    meaning:
      "the bot provider's id at the service; with `BOT_TOKEN` and `BOT_BASE_URL`, all three or none",
    default: 'bot off',
  },
  BOT_BASE_URL: {
    meaning:
      "the service's http(s):// bot address (`{bot_base_url}`) the bot sends its events to (B1); with `BOT_TOKEN` and `BOT_PROVIDER_ID`, all three or none",
    default: 'bot off',
  },
  TRUST_PROXY: {
    meaning:
      "the number of reverse proxies in front of the backend (`1` or `true`: one, e.g. nginx; `2`: a CDN and nginx). The client address for rate limits is the `X-Forwarded-For` entry that many places from the right (each proxy appends the address it was called from; entries to the left are written by the client and ignored). `0`: the socket's address",
    default: '`0`',
  },
  IPV6_PREFIX_BITS: {
    meaning:
      'per-address limits (sessions, messages, uploads, read receipts, studio logins, `MAX_STREAMS_PER_IP`) count an IPv6 client by its network of this many leading bits, since one host or subscriber usually holds a whole /64; `128`: each address apart. IPv4 addresses count one by one (16–128)',
    default: '`64`',
  },
  LOG_LEVEL: {
    meaning: '`debug`, `info`, `warn` or `error`',
    default: '`info`',
  },
  STATUS_CACHE_SECONDS: {
    meaning: 'how long an A1 status answer is reused',
    default: '`15`',
  },
  UPSTREAM_TIMEOUT_MS: {
    meaning: 'timeout of each A1 status request and each typing notification',
    default: '`10000`',
  },
  A2_RETRY_INTERVAL_MS: {
    meaning:
      'pause before resending a customer message after a 5xx or connection error (the service asks for 3–60 s)',
    default: '`3000`',
  },
  A2_TIMEOUT_MS: {
    meaning:
      'how long one customer message request (A2) may take, its answer included. A request that times out may still reach the service, so a resend can be a duplicate: this waits for a slow service instead. The service asks for resends 3–60 s apart, so `A2_TIMEOUT_MS` + `A2_RETRY_INTERVAL_MS` must not exceed 60000 (checked at start)',
    default: '`45000`',
  },
  A2_RETRIES: {
    meaning: 'resends after the first attempt',
    default: '`3`',
  },
  A2_GIVE_UP_HOURS: {
    meaning:
      'after those fast retries a customer message is `delayed` and retried with backoff (5 s doubling to 5 minutes, ±20 %) until it has waited this long, counted in elapsed time (a wall clock that steps does not count; time the server is down counts at most an hour per restart); then it is `failed` (1–720). See "Delivery of customer messages" in the [HTTP API](../integrators/http-api.md)',
    default: '`24`',
  },
  SHUTDOWN_DRAIN_SECONDS: {
    meaning:
      'on SIGTERM/SIGINT, keep serving this long with `/healthz` answering 503 `draining`, so the load balancer takes the instance out before it closes (0–300)',
    default: '`0`',
  },
  SHUTDOWN_TIMEOUT_SECONDS: {
    meaning:
      "after the drain, the longest a shutdown waits for work in flight (requests, customer messages on their way to the service, the bot's queued events) before it closes the store and exits; what is not done stays stored and the next start resumes it (1–3600). Keep `SHUTDOWN_DRAIN_SECONDS` + this + 5 below your orchestrator's kill delay (Kubernetes: `terminationGracePeriodSeconds`, 30 by default)",
    default: '`20`',
  },
  HEARTBEAT_SECONDS: {
    meaning: 'SSE heartbeat interval',
    default: '`25`',
  },
  MAX_STREAMS_PER_IP: {
    meaning:
      'open event streams per client address (with `TRUST_PROXY`, the forwarded address); beyond it `GET /api/events` answers 429 (1–1000000)',
    default: '`50`',
  },
  MAX_STREAMS: {
    meaning:
      "open event streams on this instance; beyond it `GET /api/events` answers 503 so the load balancer's other instances take them (1–10000000). Lowered at start, with a warning, to fit the open-file limit minus a reserve for webhooks and health checks (see [operations](operations.md))",
    default: '`20000`',
  },
  STREAMS_BUFFER_MB: {
    meaning:
      'live events held back for event streams whose clients do not read, all streams together, in MiB (each stream also holds at most 1 MiB or 1,000 events). Past it the streams furthest behind are closed; their widgets reconnect and resume from their last event id, so nothing is lost (1–65536)',
    default: '`16`',
  },
  RETENTION_DAYS: {
    meaning: 'conversation entries older than this are deleted',
    default: '`30`',
  },
  RETENTION_MAX_ENTRIES: {
    meaning: 'at most this many entries are kept per visitor (the newest)',
    default: '`1000`',
  },
  RETENTION_START_DELAY_SECONDS: {
    meaning:
      'the first retention pass runs this long after start, and only if the wall clock moved as far as the monotonic clock meanwhile (a pass after a clock step is skipped); `0`: at start, trusting the clock (0–86400)',
    default: '`300`',
  },
  RETENTION_MAX_DELETE_PERCENT: {
    meaning:
      'one hourly retention pass deletes at most this share of the stored conversation entries, and of the attachments (at least one); a pass that would delete most of either logs an error (1–100)',
    default: '`25`',
  },
  RATE_LIMIT_MESSAGES_PER_MINUTE: {
    meaning:
      'Message parts per visitor: each ≤1000-character part a text is split into counts, as does each attachment and typing notification (the widget sends one every 3 s or so while the visitor types); a text longer than the whole limit still goes once a minute starts fresh',
    default: '`120`',
  },
  RATE_LIMIT_IP_MESSAGES_PER_MINUTE: {
    meaning: 'Message parts per client address, counted like the per-visitor limit',
    default: '`600`',
  },
  RATE_LIMIT_SESSIONS_PER_MINUTE: {
    meaning: '`POST /api/session` and `POST /api/identity/check` per client address',
    default: '`30`',
  },
  RATE_LIMIT_UPLOADS_PER_MINUTE: {
    meaning: '`POST /api/uploads` per visitor (1–10000)',
    default: '`20`',
  },
  RATE_LIMIT_IP_UPLOADS_PER_MINUTE: {
    meaning:
      '`POST /api/uploads` per client address, whatever the visitor (a visitor can start new sessions; an address cannot cheaply) (1–100000)',
    default: '`100`',
  },
  UPLOAD_QUOTA_MB_PER_VISITOR: {
    meaning:
      'MiB of attachments one visitor may upload per `UPLOAD_QUOTA_HOURS`; beyond, 429 `upload_quota_exceeded` with Retry-After (counted across instances on Redis; at least `UPLOAD_MAX_MB`)',
    default: '`100`',
  },
  UPLOAD_QUOTA_MB_PER_IP: {
    meaning:
      'MiB of attachments one client address may upload per `UPLOAD_QUOTA_HOURS`, whatever the visitor (at least `UPLOAD_MAX_MB`)',
    default: '`500`',
  },
  UPLOAD_QUOTA_HOURS: {
    meaning: 'the window of the upload quotas, from a key’s first upload (1–720)',
    default: '`24`',
  },
  DISK_FREE_FLOOR_MB: {
    meaning:
      'free space to keep on the upload folder’s disk: below it (or when a file would take it below) uploads answer 507 `insufficient_storage` while messages keep working, and `/healthz` reports `"status":"degraded"` (still 200); `0`: no floor',
    default: '`1024`',
  },
  UPLOAD_MAX_MB: {
    meaning:
      'largest attachment, in MiB; a bigger one is refused with 413 while it streams (1–1024)',
    default: '`10`',
  },
  UPLOAD_TYPES: {
    meaning:
      'comma-separated attachment types accepted, among `png, jpeg` (or `jpg`)`, gif, webp, pdf, txt, csv, docx, xlsx, odt, zip`',
    default: 'all of them',
  },
  UPLOAD_DIR: {
    meaning:
      'folder of the attachments (see "Attachments" in the [HTTP API](../integrators/http-api.md)); with several instances, a folder they all share. With `UPLOAD_STORE=s3`, bodies being received and images being re-encoded still pass through its `.incoming` folder',
    default: '`<PORTHOLE_DATA_DIR>/uploads`',
  },
  UPLOAD_STORE: {
    meaning:
      '`folder` (`UPLOAD_DIR`) or `s3`: an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …) set by the `S3_*` variables, see [Attachments in S3](deploying.md#attachments-in-an-s3-compatible-bucket)',
    default: '`folder`',
  },
  S3_ENDPOINT: {
    meaning:
      'with `UPLOAD_STORE=s3`: the service’s address alone, e.g. `https://s3.eu-west-1.amazonaws.com`, `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`',
    default: '`https://s3.$S3_REGION.amazonaws.com`',
  },
  S3_REGION: {
    meaning: 'the bucket’s region (`auto` for Cloudflare R2)',
    default: '`us-east-1`',
  },
  S3_BUCKET: {
    meaning: 'the bucket attachments go to; required with `UPLOAD_STORE=s3`',
    default: '—',
  },
  S3_ACCESS_KEY_ID: {
    meaning:
      'access key of a user allowed `s3:PutObject`, `s3:GetObject`, `s3:DeleteObject` and `s3:ListBucket` on the bucket; required with `UPLOAD_STORE=s3`',
    default: '—',
  },
  S3_SECRET_ACCESS_KEY: {
    meaning: 'its secret; required with `UPLOAD_STORE=s3`. **Secret**: never written to logs',
    default: '—',
  },
  S3_FORCE_PATH_STYLE: {
    meaning:
      '`1`: address the bucket as `<endpoint>/<bucket>/` (MinIO, an IP address, a bucket with dots) instead of `<bucket>.<endpoint host>`',
    default: '`0`',
  },
  S3_PREFIX: {
    meaning: 'put before every object key, e.g. `porthole/`, to share a bucket',
    default: 'none',
  },
  SMTP_URL: {
    meaning:
      'turns e-mail to visitors on (missed agent replies, see [E-mail](email.md)): `smtp://user:password@host:587` (STARTTLS) or `smtps://user:password@host:465` (TLS), the password percent-encoded. **Secret**: never written to logs',
    default: 'unset (no e-mail)',
  },
  EMAIL_FROM: {
    meaning:
      'the sender of those e-mails, `Name <address>` or an address, e.g. `Northwind <chat@northwind.example>`; the name is the site’s name in the e-mail. Set SPF, DKIM and DMARC for its domain ([E-mail](email.md#dns-records))',
    default: 'required with `SMTP_URL`',
  },
  EMAIL_REPLY_DOMAIN: {
    meaning:
      'turns replies by e-mail on: e-mails to visitors get `Reply-To: reply+<signed token>@<domain>`, and the domain’s MX record points at your inbound mail service (see [Replies by e-mail](email-replies.md)); set with `INBOUND_EMAIL_SECRET`',
    default: 'unset (off)',
  },
  INBOUND_EMAIL_SECRET: {
    meaning:
      'path secret of `POST /hooks/email/<secret>`, where the inbound mail service posts each reply as a raw message (at most twice `UPLOAD_MAX_MB` plus 1 MiB); 16–512 letters, digits, `-`, `_`. **Secret**',
    default: 'unset (off)',
  },
}
