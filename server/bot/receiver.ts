import { Hono } from 'hono'
import {
  describeIssues,
  errorBody,
  parseServiceToProviderEvent,
  SERVICE_TO_PROVIDER_EVENTS,
  type ServiceToProviderEvent,
} from '../../shared/protocol'
import { isBodyError } from '../http/body-error'
import { isTooDeep, MAX_JSON_DEPTH } from '../http/json-depth'
import { readJsonBody } from '../http/read-body'
import { type BotLogger, describeError } from './logger'
import { tokensMatch } from './token'

/** What the receiver did with a valid event. */
export type Acceptance = 'accepted' | 'duplicate' | 'closed'

export type BotReceiverOptions = {
  token: string
  maxBodyBytes: number
  logger: BotLogger
  /** Takes a valid event for asynchronous handling; must return quickly. */
  accept(event: ServiceToProviderEvent): Promise<Acceptance>
}

const invalid = (message: string) => errorBody('invalid_request', message)

/**
 * The B2 endpoint, `POST /:token` (mounted at /bot). Answers at once: 401
 * invalid_client for a wrong token, 405 for other methods and for events a
 * provider does not take, 413 over the size limit, 400 invalid_request naming the
 * field (or for JSON nested deeper than MAX_JSON_DEPTH, whatever the field), 503 when the event cannot be taken now (the service retries), else 200.
 */
export function createBotReceiver(options: BotReceiverOptions): Hono {
  const { token, logger } = options
  const routes = new Hono()

  routes.all(
    '/:token',
    async function checkTokenAndMethod(c, next) {
      if (!tokensMatch(token, c.req.param('token'))) {
        return c.json(
          errorBody(
            'invalid_client',
            'Unknown bot token: the last path segment must be the token entered in the bot channel settings',
          ),
          401,
        )
      }
      if (c.req.method !== 'POST') {
        c.header('Allow', 'POST')
        return c.json(
          invalid(`Method ${c.req.method} is not allowed: send bot events with POST`),
          405,
        )
      }
      await next()
    },
    async (c) => {
      let body: unknown
      try {
        // The request's own stream: the bot's routes may be served without the Node bindings.
        body = await readJsonBody(c.req.raw, undefined, options.maxBodyBytes)
      } catch (error) {
        if (!isBodyError(error)) throw error
        if (error.code === 'payload_too_large') {
          return c.json(invalid(`The body is larger than ${options.maxBodyBytes} bytes`), 413)
        }
        if (error.code === 'invalid_utf8') return c.json(invalid(error.message), 400)
        return c.json(invalid('The body is not valid JSON: send one JSON object per event'), 400)
      }
      if (isTooDeep(body)) {
        // Refused before the handler: no store can keep it, so taking it would fail on
        // every retry (a 503 makes the service send the same poison event again).
        return c.json(invalid(`The body is nested more than ${MAX_JSON_DEPTH} levels deep`), 400)
      }
      const parsed = parseServiceToProviderEvent(body)
      if (parsed.kind === 'invalid') return c.json(invalid(describeIssues(parsed.error)), 400)
      if (parsed.kind === 'unsupported') {
        return c.json(
          invalid(
            `Event ${JSON.stringify(parsed.event)} is not supported: this provider takes ${SERVICE_TO_PROVIDER_EVENTS.join(', ')}`,
          ),
          405,
        )
      }
      const { event } = parsed
      let acceptance: Acceptance
      try {
        acceptance = await options.accept(event)
      } catch (error) {
        logger.error('could not take a bot event; the service will retry', {
          eventId: event.id,
          event: event.event,
          error: describeError(error),
        })
        return c.json(errorBody('server_error', 'The event could not be taken; retry later'), 503)
      }
      if (acceptance === 'closed') {
        return c.json(
          errorBody('server_error', 'The bot provider is shutting down; retry later'),
          503,
        )
      }
      if (acceptance === 'duplicate') {
        logger.info('ignoring a repeated bot event', { eventId: event.id, event: event.event })
      }
      return c.json({ result: 'ok' })
    },
  )
  return routes
}
