// What each environment variable of env-schema.ts means and its default, as operators
// read them: scripts/docs-config.ts renders this into docs/operators/configuration.md, and
// tests/docs/configuration.test.ts fails when a schema variable has no entry here or the
// page differs. Markdown; the order is the table's (the timeouts, streams, retention and rate
// limits are in env-docs-limits.ts, spread in at their place).

import type { EnvDoc } from './env-doc'
import { ENV_DOCS_LIMITS } from './env-docs-limits'
import type { EnvSchema } from './env-schema'

export type { EnvDoc } from './env-doc'

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
  ...ENV_DOCS_LIMITS,
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
  SMTP_ALLOW_PLAINTEXT_AUTH: {
    meaning:
      '`1`: an `smtp://` URL with credentials may log in without TLS when the server offers no STARTTLS (a relay on the same host or a private network only; a warning at start). Without it such a server is refused before the login (see [E-mail](email.md#tls))',
    default: '`0` (TLS required with credentials)',
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
  EMAIL_ATTACHMENTS_MB_PER_HOUR: {
    meaning:
      'MiB of attachments all replies by e-mail together may store per hour, besides each visitor’s `UPLOAD_QUOTA_MB_PER_VISITOR` and the `DISK_FREE_FLOOR_MB`; a file beyond is not stored and the agents get a note saying so (counted across instances on Redis); `0`: files sent by e-mail are never stored (0–1000000)',
    default: '`200`',
  },
  INBOUND_EMAIL_SECRET: {
    meaning:
      'path secret of `POST /hooks/email/<secret>`, where the inbound mail service posts each reply as a raw message (at most twice `UPLOAD_MAX_MB` plus 1 MiB); 16–512 letters, digits, `-`, `_`. **Secret**',
    default: 'unset (off)',
  },
  EMAIL_MAX_PER_ADDRESS_PER_DAY: {
    meaning:
      'missed-reply and transcript e-mails one address gets in any 24 hours, whichever visitors asked for them; beyond it they are not sent (the replies wait in the chat) ([E-mail](email.md#confirmed-addresses))',
    default: '`20`',
  },
  EMAIL_CONFIRMATIONS_PER_ADDRESS_PER_DAY: {
    meaning:
      '"confirm your address" e-mails one address gets in any 24 hours, whichever visitors typed it ([E-mail](email.md#confirmed-addresses))',
    default: '`3`',
  },
  ANSWERS_LLM_URL: {
    meaning:
      'turns answers written by a language model on (see [Model answers](model-answers.md)): the base URL of any OpenAI-compatible API, `/v1` style (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`); `/chat/completions` is added. Each site still turns it on in the studio (`bot.modelAnswers`)',
    default: 'unset (no model)',
  },
  ANSWERS_LLM_KEY: {
    meaning:
      'sent as `Authorization: Bearer <key>` to the model; needs `ANSWERS_LLM_URL`. **Secret**: never written to logs',
    default: 'unset (no header)',
  },
  ANSWERS_LLM_MODEL: {
    meaning:
      'the model name sent with every request (`gpt-4o-mini`, `llama3.1:8b`, an Azure deployment’s model)',
    default: 'required with `ANSWERS_LLM_URL`',
  },
  ANSWERS_LLM_TIMEOUT_MS: {
    meaning:
      'the longest a visitor waits for the model (connection, first token and the whole answer); past it the article answer is sent instead (500–120000)',
    default: '`8000`',
  },
  ANSWERS_LLM_HEADERS: {
    meaning:
      'extra request headers for gateways, a JSON object of strings: `{"api-key":"…"}` (Azure OpenAI), `{"X-Team":"support"}`. Their values are treated as secrets (never logged)',
    default: 'unset',
  },
  ANSWERS_LLM_MAX_PER_CONVERSATION: {
    meaning:
      'model calls one conversation may make; the questions after it get the article answer (1–1000)',
    default: '`10`',
  },
  ANSWERS_LLM_DAILY_TOKENS: {
    meaning:
      'tokens (sent and received, as the model reports them) all sites’ answers may use in a UTC day, counted across instances on Redis; past it, article answers only until midnight UTC. The studio’s "Ask the bot" console counts too (1000–1000000000)',
    default: '`200000`',
  },
}
