import { type Context, Hono } from 'hono'
import { errorBody } from '../../../shared/protocol/errors'
import type { AppDeps } from '../../app-deps'
import type { InboundEmailConfig } from '../../config/parse-inbound-email'
import { idleMsOf } from '../../conversation/end-conversation'
import type { AppEnv } from '../../http/app-env'
import { isBodyError } from '../../http/body-error'
import { readBodyBytes } from '../../http/read-body'
import { createIncomingMasker } from '../../masking/incoming-masker'
import type { Runtime } from '../../runtime'
import { createUploadLimits } from '../../uploads/upload-limits'
import { createSecretMatcher } from '../../webhook/secret-match'
import { createReplyAddresses, type ReplyAddresses } from '../reply-address'
import { createMailBudget } from './mail-budget'
import { rawMessageOf } from './raw-message'
import { type InboundOutcome, receiveReply } from './receive-reply'

const RETRY_LATER = errorBody(
  'unavailable',
  'The reply could not be taken now; post it again later.',
)

/** What the mail service is told (the status says whether to post it again). */
export type InboundReply =
  | { result: 'ok'; messages: number }
  | { result: 'duplicate' }
  | { result: 'dropped'; reason: string }

/**
 * POST /hooks/email/:secret (and …/mime) — a visitor's reply by e-mail: the raw RFC 822
 * message as the body, or in a service's wrapping (see rawMessageOf). 200 for
 * everything a retry cannot change: taken (`ok`), already taken (`duplicate`), or
 * dropped with a log line (`dropped`: too large, unreadable, an auto-reply or bounce,
 * an unknown or tampered reply address, nothing new in it); 429 over the visitor's
 * message rate and 503 when the store or file store fails, so the mail service posts
 * it again; 404 for a wrong secret. Mounted at /hooks before the A3 webhook, whose
 * pattern it shares.
 */
export function inboundEmailRoutes(
  deps: AppDeps,
  runtime: Runtime,
  inbound: InboundEmailConfig,
  addresses: ReplyAddresses = createReplyAddresses({
    secret: deps.config.sessionSecret,
    domain: inbound.replyDomain,
  }),
): Hono<AppEnv> {
  const { config, store, now, logger } = deps
  const secretMatches = createSecretMatcher(inbound.secret)
  const mask = createIncomingMasker(() => runtime.settings.current())
  const mailBudget = createMailBudget(createUploadLimits(deps), {
    bytesPerHour: inbound.attachmentBytesPerHour,
    store,
    logger,
  })
  const app = new Hono<AppEnv>()

  // The A3 webhook's own pattern, so every route still compiles in Hono's RegExpRouter
  // (a static /email/:secret beside /:secret/:channelId would not): this handler
  // answers for /hooks/email/<secret> and passes every other path on to the A3 one.
  app.post('/:secret/:channelId', (c, next) =>
    c.req.param('secret') === 'email' ? receive(c, c.req.param('channelId')) : next(),
  )
  // Mailgun posts the raw message only to a URL ending in `mime`.
  app.post('/:secret/:channelId/mime', (c, next) =>
    c.req.param('secret') === 'email' ? receive(c, c.req.param('channelId')) : next(),
  )
  return app

  async function receive(c: Context<AppEnv>, secret: string): Promise<Response> {
    // Checked before the body is read: a stranger learns nothing and costs nothing.
    if (!secretMatches(secret)) {
      return c.json(errorBody('not_found', 'No webhook at this address.'), 404)
    }
    const log = c.get('log') ?? logger
    let raw: Uint8Array
    try {
      raw = await readBodyBytes(c.req.raw, c.env?.incoming, inbound.maxBytes)
    } catch (error) {
      if (!isBodyError(error) || error.code !== 'payload_too_large') throw error
      log.warn('e-mail reply dropped', { reason: 'too_large', limit: inbound.maxBytes })
      return c.json({ result: 'dropped', reason: 'too_large' } satisfies InboundReply, 200)
    }
    const message = await rawMessageOf(c.req.header('content-type'), raw)
    if (message === undefined) {
      log.warn('e-mail reply dropped', {
        reason: 'no_raw_message',
        hint: 'set the inbound mail service to post the raw message (see docs/operators/email-replies.md)',
      })
      return c.json({ result: 'dropped', reason: 'no_raw_message' } satisfies InboundReply, 200)
    }
    let outcome: InboundOutcome
    try {
      outcome = await receiveReply(
        {
          store,
          outbox: runtime.outbox,
          addresses,
          uploads: {
            files: runtime.files,
            maxBytes: config.uploads.maxBytes,
            allowed: config.uploads.types,
            now,
            publicUrl: config.publicUrl,
            mailBudget,
          },
          logger: log,
          now,
          idleMs: () => idleMsOf(runtime.settings.current()),
          keepMs: config.retention.maxAgeMs,
          limiter: runtime.limits.visitorMessages,
          mask,
        },
        message,
      )
    } catch (error) {
      log.error('e-mail reply not taken; asking the mail service to post it again', { error })
      return c.json(RETRY_LATER, 503, { 'retry-after': '60' })
    }
    switch (outcome.kind) {
      case 'delivered':
        log.info('e-mail reply taken', {
          visitorId: outcome.visitorId,
          messages: outcome.messages,
        })
        return c.json({ result: 'ok', messages: outcome.messages } satisfies InboundReply, 200)
      case 'duplicate':
        log.info('e-mail reply already taken', { visitorId: outcome.visitorId })
        return c.json({ result: 'duplicate' } satisfies InboundReply, 200)
      case 'dropped':
        log.warn('e-mail reply dropped', { reason: outcome.reason, bytes: message.byteLength })
        return c.json({ result: 'dropped', reason: outcome.reason } satisfies InboundReply, 200)
      case 'rate_limited':
        log.warn(
          'e-mail reply over the visitor’s message rate; asking the mail service to post it later',
          {
            visitorId: outcome.visitorId,
            retryAfter: outcome.retryAfter,
          },
        )
        return c.json(
          errorBody(
            'rate_limited',
            `Too many messages from this visitor; post it again in ${outcome.retryAfter} s.`,
          ),
          429,
          { 'retry-after': String(outcome.retryAfter) },
        )
      case 'retry':
        log.warn('e-mail reply not taken yet; asking the mail service to post it again', {
          reason: outcome.reason,
        })
        return c.json(RETRY_LATER, 503, { 'retry-after': '60' })
    }
  }
}
