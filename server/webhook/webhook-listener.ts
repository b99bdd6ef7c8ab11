import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorAnswer } from '../http/on-error'
import { readJsonBody } from '../http/read-body'
import { recordRequest, requestIdOf } from '../http/request-log'
import { SECURITY_HEADERS } from '../http/security-headers'
import type { Logger } from '../logging/logger'
import type { PortholeMetrics } from '../metrics/porthole-metrics'
import { type AgentWebhook, WEBHOOK_BODY_LIMIT, WEBHOOK_ROUTE } from './agent-webhook'

type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void

const PREFIX = '/hooks/'

/**
 * The secret and channel id of a `POST /hooks/<secret>/<channelId>` request the fast path
 * can read as Hono would (no percent-encoding, two segments), else undefined.
 */
export function webhookAddress(
  method: string | undefined,
  url: string | undefined,
): [secret: string, channelId: string] | undefined {
  if (method !== 'POST' || !url?.startsWith(PREFIX) || url.includes('%')) return undefined
  const query = url.indexOf('?')
  const path = url.slice(PREFIX.length, query === -1 ? undefined : query)
  const slash = path.indexOf('/')
  if (slash <= 0 || slash === path.length - 1 || path.includes('/', slash + 1)) return undefined
  return [path.slice(0, slash), path.slice(slash + 1)]
}

/**
 * The Node request listener: answers the A3 webhook's deliveries itself, without building
 * a web Request and Response, and hands every other request to `fallback` (Hono's). It
 * takes only a Content-Length body at our address and within the limit; a stranger, a
 * chunked body or a declared size over the limit goes to Hono, which refuses it and
 * drains what is left. The answer, the headers, the access-log line and the metrics
 * are the route's: `webhook` is the one the Hono route answers with.
 *
 * @example createServer(webhookListener(app.agentWebhook, { logger, metrics }, getRequestListener(app.fetch)))
 */
export function webhookListener(
  webhook: AgentWebhook,
  options: { logger: Logger; metrics: PortholeMetrics },
  fallback: RequestListener,
): RequestListener {
  return (incoming, outgoing) => {
    const address = webhookAddress(incoming.method, incoming.url)
    const length = incoming.headers['content-length']
    if (!address || length === undefined || !webhook.accepts(address[0], address[1], length))
      return fallback(incoming, outgoing)
    void deliver(incoming, outgoing)
  }

  async function deliver(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const started = performance.now()
    const header = incoming.headers['x-request-id']
    const requestId = requestIdOf(typeof header === 'string' ? header : undefined)
    const log = options.logger.child({ requestId })
    let status: number
    let body: object
    let headers: Record<string, string> = {}
    try {
      const answer = await webhook.deliver(
        () => readJsonBody(undefined, incoming, WEBHOOK_BODY_LIMIT),
        log,
      )
      ;({ status, body } = answer)
    } catch (error) {
      ;({ status, body, headers } = errorAnswer(options.logger, error, requestId, WEBHOOK_ROUTE))
    }
    const text = JSON.stringify(body)
    // One write: the head and the body together, with its length (no chunked encoding).
    outgoing.writeHead(status, {
      'x-request-id': requestId,
      ...SECURITY_HEADERS,
      ...headers,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    })
    outgoing.end(text)
    recordRequest(log, options.metrics, {
      method: 'POST',
      route: WEBHOOK_ROUTE,
      status,
      started,
    })
  }
}
