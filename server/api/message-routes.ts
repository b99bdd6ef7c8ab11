import { type Context, Hono, type MiddlewareHandler } from 'hono'
import type { Sender } from '../../shared/protocol/chat-channel'
import { MAX_TEXT_LENGTH, splitText } from '../../shared/text'
import { OutgoingMessage, type PostMessageResponse } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { forwardVisitorTyping } from '../channel/typing'
import { endIfIdle, idleMsOf } from '../conversation/end-conversation'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { clientKey } from '../http/client-ip'
import { jsonBody } from '../http/json-body'
import { enforceRate } from '../http/limits'
import { extraPartHits } from '../http/message-parts'
import type { RateLimiter } from '../http/rate-limit'
import { createIncomingMasker } from '../masking/incoming-masker'
import type { Runtime } from '../runtime'
import { readProfile, updateProfile } from '../session/profile'
import { type Attachment, attachmentOf } from '../uploads/attachment'
import { enforcePreChat } from './pre-chat-gate'

/** POST /api/messages: the visitor's text, attachment or typing, forwarded to the service (A2). */
export function messageRoutes(
  deps: AppDeps,
  runtime: Runtime,
  auth: MiddlewareHandler<VisitorEnv>,
) {
  const { config, store } = deps
  const mask = createIncomingMasker(() => runtime.settings.current())
  return new Hono<AppEnv>().use('/messages', auth).post(
    '/messages',
    async (c, next) => {
      // Authenticate and count before parsing, so bad bodies are rate-limited too.
      await enforceRate(runtime.limits.visitorMessages, c.get('visitor').visitorId, 'messages')
      await enforceRate(
        runtime.limits.ipMessages,
        clientKey(c, config),
        'messages from this address',
      )
      await next()
    },
    jsonBody(OutgoingMessage, 128 * 1024),
    async (c) => {
      const { visitorId } = c.get('visitor')
      const sent = c.req.valid('json')
      if (sent.type !== 'text' && sent.type !== 'file') {
        await forwardVisitorTyping({
          client: runtime.client,
          visitorId,
          type: sent.type,
          log: c.get('log'),
        })
        return c.body(null, 204)
      }
      // Masked on the way in, whatever the widget did: a card number is never stored or sent.
      const message = sent.text === undefined ? sent : { ...sent, text: mask(sent.text).text }
      // Counted before the split: a text has at least this many parts (each holds at most
      // MAX_TEXT_LENGTH characters), so an over-limit text is refused before any work on it.
      const leastParts = message.type === 'text' ? partsAtLeast(message.text) : 1
      await enforcePartLimits(deps, runtime, c, leastParts, 1)
      const texts = message.type === 'text' ? splitText(message.text) : undefined
      // Breaks after whitespace can make more parts: the rest are counted now.
      if (texts) await enforcePartLimits(deps, runtime, c, texts.length, leastParts)
      // Looked up first: a message about a missing file changes nothing.
      const attachment =
        message.type === 'file'
          ? attachmentOrThrow(
              await attachmentOf(
                runtime.files,
                { publicUrl: config.publicUrl, now: deps.now },
                visitorId,
                message.fileId,
                message.text,
              ),
            )
          : undefined
      // Written after a long silence: the old conversation ends first, this one starts anew.
      await endIfIdle(store, visitorId, {
        idleMs: idleMsOf(runtime.settings.current()),
        now: deps.now(),
      })
      // Before anything is stored: a first message without the pre-chat form's fields is refused.
      await enforcePreChat(
        { store, status: runtime.status, now: deps.now() },
        runtime.settings.current(),
        visitorId,
        (await readProfile(store, visitorId)).contact,
      )
      const profile = await updateProfile(
        store,
        visitorId,
        {
          ...(message.invite ? { invite: message.invite } : {}),
          // The page the visitor writes from: a resume link (server/email/resume-link.ts) opens it.
          ...(message.url ? { page: message.url } : {}),
        },
        config.retention.maxAgeMs,
      )
      const sender: Sender = { id: visitorId, ...profile.contact }
      if (message.url) sender.url = message.url
      if (profile.invite) sender.invite = profile.invite
      const result = await runtime.outbox.submit({
        visitorId,
        clientId: message.id,
        sender,
        ...(texts ? { texts } : { media: attachmentOrThrow(attachment) }),
      })
      const { entries } = result
      switch (result.state) {
        case 'sent':
          return c.json({ entries, delivery: 'sent' } satisfies PostMessageResponse, 200)
        case 'pending':
        case 'delayed':
          // Stored and retried until A2_GIVE_UP_HOURS; the outcome arrives as a `delivery` event.
          return c.json({ entries, delivery: result.state } satisfies PostMessageResponse, 202)
        case 'busy':
          throw apiError(
            503,
            'busy',
            'This message is being taken by another request; send it again in a moment.',
            { 'retry-after': '2' },
          )
        case 'rejected':
          throw apiError(422, 'rejected', result.error ?? 'The chat service refused this message.')
        case 'failed':
          throw apiError(
            503,
            'delivery_failed',
            `${result.error ?? 'The chat service did not accept this message.'} Send the message again to retry.`,
          )
      }
    },
  )
}

/** The fewest parts `text` can be split into. */
function partsAtLeast(text: string): number {
  return Math.max(1, Math.ceil(text.length / MAX_TEXT_LENGTH))
}

/**
 * The parts of a long text beyond the first count against both message limits too:
 * `parts` in all, of which `counted` were already.
 */
async function enforcePartLimits(
  deps: AppDeps,
  runtime: Runtime,
  c: Context<VisitorEnv>,
  parts: number,
  counted: number,
): Promise<void> {
  const { visitorMessages, ipMessages } = runtime.limits
  const more = (limiter: RateLimiter) =>
    extraPartHits(limiter, parts) - extraPartHits(limiter, counted)
  await enforceRate(visitorMessages, c.get('visitor').visitorId, 'messages', more(visitorMessages))
  await enforceRate(
    ipMessages,
    clientKey(c, deps.config),
    'messages from this address',
    more(ipMessages),
  )
}

function attachmentOrThrow(attachment: Attachment | undefined): Attachment {
  if (attachment) return attachment
  throw apiError(
    404,
    'file_not_found',
    'fileId: no file of yours has this id (it may have been deleted): upload it again with POST /api/uploads.',
  )
}
