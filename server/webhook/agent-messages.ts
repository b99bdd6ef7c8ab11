import { Hono } from 'hono'
import {
  AgentMessage,
  isTypingMessage,
  type ReplyError,
  type ReplyOk,
} from '../../shared/protocol/chat-channel'
import { describeIssues, errorBody } from '../../shared/protocol/errors'
import type { EntryContent } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { botFallbacks } from '../bot/bot-fallbacks'
import { publishAgentTyping } from '../channel/typing'
import type { AppEnv } from '../http/app-env'
import { type BodyErrorCode, isBodyError } from '../http/body-error'
import { isTooDeep, MAX_JSON_DEPTH } from '../http/json-depth'
import { readJsonBody } from '../http/read-body'
import { createRichReplies } from '../rich-replies/rich-replies'
import { takeRichReply } from '../rich-replies/take-rich-reply'
import type { Runtime } from '../runtime'
import { resolveRecipient } from '../session/alias'
import { isUserVisitorId, MAX_VISITOR_ID_LENGTH } from '../session/visitor-id'
import { isVisitorErased } from '../store/errors'
import { agentMessageDedupeKey } from '../store/keys'
import { agentMessageEntry } from './agent-message-entry'
import { createSecretMatcher } from './secret-match'
import { isPermanentStoreFailure } from './store-failure'

export const WEBHOOK_BODY_LIMIT = 64 * 1024

const OK: ReplyOk = { result: 'ok' }

/** What the agent sees for a body the reader refused (413 is answered as such). */
const WEBHOOK_BODY_PROBLEMS: Record<Exclude<BodyErrorCode, 'payload_too_large'>, string> = {
  empty_body: 'is not JSON (it is empty)',
  invalid_json: 'is not JSON',
  invalid_utf8: 'is not valid UTF-8',
}

/** What the agent sees for a reply to a visitor erased on request. */
export const ERASED_MESSAGE =
  'recipient: the visitor asked for their data to be erased; nothing is stored or shown to them'

function invalid(message: string): ReplyError {
  return { error: { code: 'invalid_request', message } }
}

/**
 * POST /hooks/:secret/:channelId — agent messages from the service (A3). A message
 * is written durably before "ok" is answered; a repeated message.id is answered ok
 * without a second delivery; a bad body answers 200 with an error the agent sees.
 */
export function agentWebhookRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  const { config, store, now } = deps
  const deliveries = runtime.metrics.webhookDeliveries
  const secretMatches = createSecretMatcher(config.webhookSecret)
  const richReplies = createRichReplies({ store, now })
  const app = new Hono<AppEnv>()

  app.post(
    '/:secret/:channelId',
    async (c, next) => {
      // Checked before the body is read: a stranger learns nothing and costs nothing.
      if (
        !secretMatches(c.req.param('secret')) ||
        c.req.param('channelId') !== config.channel.publicId
      ) {
        deliveries.inc({ outcome: 'not_found' })
        return c.json(errorBody('not_found', 'No webhook at this address.'), 404)
      }
      const declared = Number(c.req.header('content-length') ?? '0')
      if (declared > WEBHOOK_BODY_LIMIT) {
        deliveries.inc({ outcome: 'too_large' })
        return c.json(
          errorBody('payload_too_large', `The body is larger than ${WEBHOOK_BODY_LIMIT} bytes.`),
          413,
        )
      }
      await next()
    },
    async (c) => {
      let json: unknown
      try {
        json = await readJsonBody(c.req.raw, c.env?.incoming, WEBHOOK_BODY_LIMIT)
      } catch (error) {
        if (!isBodyError(error)) throw error
        if (error.code === 'payload_too_large') {
          deliveries.inc({ outcome: 'too_large' })
          return c.json(
            errorBody('payload_too_large', `The body is larger than ${WEBHOOK_BODY_LIMIT} bytes.`),
            413,
          )
        }
        // Permanent: the same bytes would be refused again (see spec 2.3: 200 with the error).
        deliveries.inc({ outcome: 'invalid' })
        return c.json(invalid(`body: ${WEBHOOK_BODY_PROBLEMS[error.code]}`), 200)
      }
      if (isTooDeep(json)) {
        // Permanent: no retry could store it (see spec 2.3: 200 with the error).
        deliveries.inc({ outcome: 'invalid' })
        return c.json(invalid(`body: nested more than ${MAX_JSON_DEPTH} levels deep`), 200)
      }
      const parsed = AgentMessage.safeParse(json)
      if (!parsed.success) {
        deliveries.inc({ outcome: 'invalid' })
        return c.json(invalid(describeIssues(parsed.error)), 200)
      }
      const message = parsed.data
      const recipientId = String(message.recipient.id)
      if (recipientId.length > MAX_VISITOR_ID_LENGTH) {
        deliveries.inc({ outcome: 'invalid' })
        return c.json(
          invalid(`recipient.id: must be at most ${MAX_VISITOR_ID_LENGTH} characters`),
          200,
        )
      }
      if (isTypingMessage(message.message)) {
        // A guest merged into a user by identify(): the service still knows the chat by the guest's id.
        const visitorId = await resolveRecipient(store, recipientId).catch((error: unknown) => {
          c.get('log').error('alias of an agent message recipient unreadable; asking to retry', {
            error,
          })
          return undefined
        })
        if (visitorId === undefined) {
          deliveries.inc({ outcome: 'store_error' })
          return c.json(
            errorBody('unavailable', 'The message could not be stored; it will be retried.'),
            503,
          )
        }
        await publishAgentTyping({
          store,
          visitorId,
          message: message.message,
          ...(message.sender?.name ? { agentName: message.sender.name } : {}),
          log: c.get('log'),
        })
        deliveries.inc({ outcome: 'typing' })
        return c.json(OK, 200)
      }
      // Not typing: the reader has parsed it as text, a file or a location already.
      const content: EntryContent = message.message
      const id = content.id
      // The fallback of a BUTTONS or MARKDOWN message Porthole's bot sent this customer.
      const taken = await takeRichReply(
        richReplies,
        config.bot ? botFallbacks(runtime.settings.current().bot) : new Set(),
        recipientId,
        content,
        c.get('log'),
      )
      try {
        const entry = agentMessageEntry(message, content, now(), c.get('log'))
        if (taken) entry.rich = taken.rich
        // The alias is followed inside the append (one store round trip): a guest merged
        // into a user by identify() is still known to the service by the guest's id.
        // User ids are never aliased (see resolveRecipient).
        const result = await store.append(recipientId, entry, {
          ...(id ? { dedupeKey: agentMessageDedupeKey(id) } : {}),
          followAlias: !isUserVisitorId(recipientId),
          // Read inside the same step: an erased visitor (not back since) gets nothing new.
          refuseErased: true,
        })
        // A repeat stored nothing: what it took belongs to a later message of the bot.
        await (result.duplicate ? taken?.release() : taken?.commit())?.catch(() => {})
        // Before "ok", also for a repeat: a crash after the append must not lose the
        // schedule of the missed-reply e-mail (a repeat of an e-mailed reply adds none).
        await runtime.email.noteAgentReply(result.visitorId)
        deliveries.inc({ outcome: result.duplicate ? 'duplicate' : 'ok' })
        return c.json(OK, 200)
      } catch (error) {
        // Not stored: the service's retry of this message takes it again.
        await taken?.release().catch(() => {})
        if (isVisitorErased(error)) {
          // Final: the visitor asked for their data to be erased; the agent sees why.
          c.get('log').info('agent message to an erased visitor dropped', { recipientId })
          deliveries.inc({ outcome: 'erased' })
          return c.json(invalid(ERASED_MESSAGE), 200)
        }
        if (isPermanentStoreFailure(error)) {
          // Retrying cannot help: tell the agent (the service shows the error), do not ask again.
          c.get('log').warn('agent message can never be stored; answered invalid_request', {
            error,
          })
          deliveries.inc({ outcome: 'invalid' })
          return c.json(invalid('message: cannot be stored (too large or too deeply nested)'), 200)
        }
        // Not "ok": the service retries (3 times, 3 s apart) and the message is not lost.
        c.get('log').error('agent message could not be stored; asking the service to retry', {
          error,
        })
        deliveries.inc({ outcome: 'store_error' })
        return c.json(
          errorBody('unavailable', 'The message could not be stored; it will be retried.'),
          503,
        )
      }
    },
  )
  return app
}
