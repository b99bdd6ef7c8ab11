// The environment variables of timeouts, live streams, retention and rate limits, as
// operators read them: spread into ENV_DOCS (env-docs.ts) at their place in the table.

import type { EnvDoc } from './env-doc'
import type { EnvSchema } from './env-schema'

export const ENV_DOCS_LIMITS = {
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
    meaning:
      'how long Porthole keeps what it stores, in days (1–3650): the default of each kind below, and the age of what no kind names (sessions, contact profiles). See [retention](retention.md)',
    default: '`30`',
  },
  RETENTION_MESSAGES_DAYS: {
    meaning:
      'conversation entries older than this are deleted, with their outbox records and read markers (1–3650)',
    default: '`RETENTION_DAYS`',
  },
  RETENTION_FILES_DAYS: {
    meaning: 'attachments and their thumbnails older than this are deleted (1–3650)',
    default: '`RETENTION_DAYS`',
  },
  RETENTION_EMAILS_DAYS: {
    meaning:
      'e-mail records (what was sent to whom, the schedule, the e-mail outbox, transcripts waiting for a confirmed address, e-mail replies taken) older than this are deleted by the hourly pass, also those stored before a change (1–3650)',
    default: '`RETENTION_DAYS`',
  },
  RETENTION_RATINGS_DAYS: {
    meaning: 'ratings older than this are deleted by the hourly pass (1–3650)',
    default: '`RETENTION_DAYS`',
  },
  RETENTION_CONSENTS_DAYS: {
    meaning: 'consent records older than this are deleted (1–3650)',
    default: '`RETENTION_DAYS`',
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
      'one hourly retention pass deletes at most this share of each kind stored (conversation entries, attachments, e-mail records, ratings, consents), each counted on its own (at least one); a pass that would delete most of any of them logs an error (1–100)',
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
  RATE_LIMIT_SEARCHES_PER_MINUTE: {
    meaning:
      '`GET /api/help/search` per client address, and `POST /api/help/events` per client address as well, counted apart (429 with Retry-After past it) (1–1000000)',
    default: '`120`',
  },
  ALLOWED_FETCH_HOSTS: {
    meaning:
      'comma-separated host names the help-pages import may fetch even when they resolve to a private, loopback or link-local address (e.g. `help.intranet`); every other private address is refused',
    default: 'none',
  },
} satisfies { readonly [name in keyof EnvSchema]?: EnvDoc }
