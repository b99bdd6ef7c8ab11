import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono, type MiddlewareHandler } from 'hono'
import type { AppDeps } from '../app-deps'
import { endIfIdle, idleMsOf } from '../conversation/end-conversation'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { clientKey } from '../http/client-ip'
import { allowedOriginsOf, corsHeaders } from '../http/origin'
import { SECURITY_HEADERS } from '../http/security-headers'
import type { Runtime } from '../runtime'

// Seconds a refused client should wait: another address's streams are its own to end;
// an instance at its cap sheds load to the others behind the balancer.
const RETRY_AFTER = { address: '30', instance: '5' } as const

/**
 * GET /api/events: the visitor's SSE stream, written by the stream hub. `streamAuth`
 * is visitorAuth() taking a stream ticket as well (EventSource sends no headers).
 */
export function eventRoutes(
  deps: AppDeps,
  runtime: Runtime,
  streamAuth: MiddlewareHandler<VisitorEnv>,
) {
  const { config, store } = deps
  return new Hono<AppEnv>().use('/events', streamAuth).get('/events', async (c) => {
    const { visitorId } = c.get('visitor')
    // The header wins: EventSource sends it on every reconnect with the newest id;
    // the query parameter only seeds the first connection after a page reload.
    const lastEventId = c.req.header('last-event-id') || c.req.query('lastEventId') || undefined
    if (lastEventId !== undefined && !store.isValidId(lastEventId)) {
      throw apiError(
        400,
        'invalid_request',
        'lastEventId: not an event id of this server; reconnect without it to receive the newest messages.',
      )
    }
    const res = c.env?.outgoing
    if (!res)
      throw new Error(
        'GET /api/events needs the Node server (@hono/node-server): it writes to the socket',
      )
    const headers = {
      ...corsHeaders(allowedOriginsOf(config), c.req.header('origin')),
      // The stream writes its own headers: securityHeaders() cannot add them.
      ...SECURITY_HEADERS,
      'x-request-id': c.get('requestId'),
    }
    // A conversation idle past chatIdleMinutes ends before the replay, which then shows it.
    await endIfIdle(store, visitorId, {
      idleMs: idleMsOf(runtime.settings.current()),
      now: deps.now(),
    })
    const ip = clientKey(c, config)
    // Checked right before open() with nothing awaited in between, so the counts are exact.
    const refusal = runtime.hub.refusal(ip)
    if (refusal === 'address') {
      throw apiError(
        429,
        'too_many_streams',
        `This address already has ${config.maxStreamsPerIp} open chat streams (MAX_STREAMS_PER_IP); close some tabs or retry in ${RETRY_AFTER.address} s.`,
        { 'retry-after': RETRY_AFTER.address },
      )
    }
    if (refusal === 'instance') {
      throw apiError(
        503,
        'overloaded',
        `This server holds its maximum of ${config.maxStreams} chat streams (MAX_STREAMS); retry in ${RETRY_AFTER.instance} s.`,
        { 'retry-after': RETRY_AFTER.instance },
      )
    }
    await runtime.hub.open({ visitorId, res, lastEventId, ip, headers })
    return RESPONSE_ALREADY_SENT
  })
}
