import { Hono, type MiddlewareHandler } from 'hono'
import { ConsentRequest } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { clientKey } from '../http/client-ip'
import { jsonBody } from '../http/json-body'
import { enforceRate } from '../http/limits'
import { perMinuteLimiter } from '../http/rate-limit'

/** The largest body POST /api/visitor/consent reads: a version is at most 64 characters. */
const MAX_CONSENT_BODY_BYTES = 1024

/**
 * POST /api/visitor/consent {version}: the visitor agreed to the consent text of
 * `version`; the backend records it with its own time and answers 204. A version the
 * visitor already agreed to adds nothing (a retry is stored once). Rate-limited like
 * POST /api/messages, with its own budget. See docs/integrators/http-api.md.
 */
export function consentRoutes(deps: AppDeps, auth: MiddlewareHandler<VisitorEnv>) {
  const { config, store, logger, now } = deps
  const limiter = (name: string, limit: number) => perMinuteLimiter(store, logger, name, limit)
  const perVisitor = limiter('consents-per-visitor', config.rateLimits.messagesPerVisitorPerMinute)
  const perIp = limiter('consents-per-ip', config.rateLimits.messagesPerIpPerMinute)
  return new Hono<AppEnv>().use('/visitor/consent', auth).post(
    '/visitor/consent',
    async (c, next) => {
      // Authenticate and count before parsing, so bad bodies are rate-limited too.
      await enforceRate(perVisitor, c.get('visitor').visitorId, 'consents')
      await enforceRate(perIp, clientKey(c, config), 'consents from this address')
      await next()
    },
    jsonBody(ConsentRequest, MAX_CONSENT_BODY_BYTES),
    async (c) => {
      const { visitorId } = c.get('visitor')
      const { version } = c.req.valid('json')
      await store.recordConsent(visitorId, { version, at: now() })
      return c.body(null, 204)
    },
  )
}
