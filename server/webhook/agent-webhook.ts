import {
  AgentMessage,
  isTypingMessage,
  type ReplyError,
  type ReplyOk,
} from '../../shared/protocol/chat-channel'
import { describeIssues, type ErrorBody, errorBody } from '../../shared/protocol/errors'
import type { EntryContent } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { botFallbacks } from '../bot/bot-fallbacks'
import { publishAgentTyping } from '../channel/typing'
import { type BodyErrorCode, isBodyError } from '../http/body-error'
import { isTooDeep, MAX_JSON_DEPTH } from '../http/json-depth'
import type { Logger } from '../logging/logger'
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

/** The route's pattern, as the request log and the metrics name it. */
export const WEBHOOK_ROUTE = '/hooks/:secret/:channelId'

/** What the webhook answers: a status and a JSON body. */
export type WebhookAnswer = {
  status: 200 | 404 | 413 | 503
  body: ReplyOk | ReplyError | ErrorBody
}

/** What the agent sees for a body the reader refused (413 is answered as such). */
const WEBHOOK_BODY_PROBLEMS: Record<Exclude<BodyErrorCode, 'payload_too_large'>, string> = {
  empty_body: 'is not JSON (it is empty)',
  invalid_json: 'is not JSON',
  invalid_utf8: 'is not valid UTF-8',
}

/** What the agent sees for a reply to a visitor erased on request. */
export const ERASED_MESSAGE =
  'recipient: the visitor asked for their data to be erased; nothing is stored or shown to them'

const OK: WebhookAnswer = { status: 200, body: { result: 'ok' } }
const NOT_FOUND: WebhookAnswer = {
  status: 404,
  body: errorBody('not_found', 'No webhook at this address.'),
}
const TOO_LARGE: WebhookAnswer = {
  status: 413,
  body: errorBody('payload_too_large', `The body is larger than ${WEBHOOK_BODY_LIMIT} bytes.`),
}
const RETRY: WebhookAnswer = {
  status: 503,
  body: errorBody('unavailable', 'The message could not be stored; it will be retried.'),
}

const invalid = (message: string): WebhookAnswer => ({
  status: 200,
  body: { error: { code: 'invalid_request', message } },
})

/** The A3 webhook, whatever serves it (Hono's route, the Node listener's fast path). */
export type AgentWebhook = {
  /**
   * The answer to a request refused by its address or its declared size, before its
   * body is read (a stranger learns nothing and costs nothing); undefined when it is ours.
   * Counts the refusal.
   */
  refusal(
    secret: string,
    channelId: string,
    contentLength: string | undefined,
  ): WebhookAnswer | undefined
  /** True when refusal() would take the request (nothing is counted). */
  accepts(secret: string, channelId: string, contentLength: string | undefined): boolean
  /** Reads the body (`readJson`, BodyErrors for what it refuses), stores the message, answers. */
  deliver(readJson: () => Promise<unknown>, log: Logger): Promise<WebhookAnswer>
}

/**
 * POST /hooks/:secret/:channelId — agent messages from the service (A3). A message
 * is written durably before "ok" is answered; a repeated message.id is answered ok
 * without a second delivery; a bad body answers 200 with an error the agent sees.
 *
 * @example const webhook = createAgentWebhook(deps, runtime); webhook.refusal(secret, id, length) ?? await webhook.deliver(read, log)
 */
export function createAgentWebhook(deps: AppDeps, runtime: Runtime): AgentWebhook {
  const { config, store, now } = deps
  const deliveries = runtime.metrics.webhookDeliveries
  const secretMatches = createSecretMatcher(config.webhookSecret)
  const richReplies = createRichReplies({ store, now })

  function refused(
    secret: string,
    channelId: string,
    contentLength: string | undefined,
  ): 'not_found' | 'too_large' | undefined {
    if (!secretMatches(secret) || channelId !== config.channel.publicId) return 'not_found'
    if (Number(contentLength ?? '0') > WEBHOOK_BODY_LIMIT) return 'too_large'
    return undefined
  }

  function refusal(
    secret: string,
    channelId: string,
    contentLength: string | undefined,
  ): WebhookAnswer | undefined {
    const outcome = refused(secret, channelId, contentLength)
    if (outcome === undefined) return undefined
    deliveries.inc({ outcome })
    return outcome === 'not_found' ? NOT_FOUND : TOO_LARGE
  }

  async function deliver(readJson: () => Promise<unknown>, log: Logger): Promise<WebhookAnswer> {
    let json: unknown
    try {
      json = await readJson()
    } catch (error) {
      if (!isBodyError(error)) throw error
      if (error.code === 'payload_too_large') {
        deliveries.inc({ outcome: 'too_large' })
        return TOO_LARGE
      }
      // Permanent: the same bytes would be refused again (see spec 2.3: 200 with the error).
      deliveries.inc({ outcome: 'invalid' })
      return invalid(`body: ${WEBHOOK_BODY_PROBLEMS[error.code]}`)
    }
    if (isTooDeep(json)) {
      // Permanent: no retry could store it (see spec 2.3: 200 with the error).
      deliveries.inc({ outcome: 'invalid' })
      return invalid(`body: nested more than ${MAX_JSON_DEPTH} levels deep`)
    }
    const parsed = AgentMessage.safeParse(json)
    if (!parsed.success) {
      deliveries.inc({ outcome: 'invalid' })
      return invalid(describeIssues(parsed.error))
    }
    const message = parsed.data
    const recipientId = String(message.recipient.id)
    if (recipientId.length > MAX_VISITOR_ID_LENGTH) {
      deliveries.inc({ outcome: 'invalid' })
      return invalid(`recipient.id: must be at most ${MAX_VISITOR_ID_LENGTH} characters`)
    }
    if (isTypingMessage(message.message)) {
      // A guest merged into a user by identify(): the service still knows the chat by the guest's id.
      const visitorId = await resolveRecipient(store, recipientId).catch((error: unknown) => {
        log.error('alias of an agent message recipient unreadable; asking to retry', { error })
        return undefined
      })
      if (visitorId === undefined) {
        deliveries.inc({ outcome: 'store_error' })
        return RETRY
      }
      await publishAgentTyping({
        store,
        visitorId,
        message: message.message,
        ...(message.sender?.name ? { agentName: message.sender.name } : {}),
        log,
      })
      deliveries.inc({ outcome: 'typing' })
      return OK
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
      log,
    )
    try {
      const entry = agentMessageEntry(message, content, now(), log)
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
      return OK
    } catch (error) {
      // Not stored: the service's retry of this message takes it again.
      await taken?.release().catch(() => {})
      if (isVisitorErased(error)) {
        // Final: the visitor asked for their data to be erased; the agent sees why.
        log.info('agent message to an erased visitor dropped', { recipientId })
        deliveries.inc({ outcome: 'erased' })
        return invalid(ERASED_MESSAGE)
      }
      if (isPermanentStoreFailure(error)) {
        // Retrying cannot help: tell the agent (the service shows the error), do not ask again.
        log.warn('agent message can never be stored; answered invalid_request', { error })
        deliveries.inc({ outcome: 'invalid' })
        return invalid('message: cannot be stored (too large or too deeply nested)')
      }
      // Not "ok": the service retries (3 times, 3 s apart) and the message is not lost.
      log.error('agent message could not be stored; asking the service to retry', { error })
      deliveries.inc({ outcome: 'store_error' })
      return RETRY
    }
  }

  return {
    refusal,
    accepts: (secret, channelId, contentLength) =>
      refused(secret, channelId, contentLength) === undefined,
    deliver,
  }
}
