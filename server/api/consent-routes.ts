import { Hono, type MiddlewareHandler } from 'hono'
import { ConsentRequest } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { jsonBody } from '../http/json-body'
import { messageBudget } from './message-budget'

/** The largest body POST /api/visitor/consent reads: a version is at most 64 characters. */
const MAX_CONSENT_BODY_BYTES = 1024

/**
 * The most versions one visitor may agree to: a site's text changes a few times a year,
 * and a visitor (or a script with their token) cannot grow the store without end.
 */
export const MAX_CONSENTS_PER_VISITOR = 100

/**
 * POST /api/visitor/consent {version}: the visitor agreed to the consent text of
 * `version`; the backend records it with its own time and answers 204. A version the
 * visitor already agreed to adds nothing (a retry is stored once); past
 * MAX_CONSENTS_PER_VISITOR versions a new one is refused (409). Rate-limited like
 * POST /api/messages, with its own budget. See docs/integrators/http-api.md.
 */
export function consentRoutes(deps: AppDeps, auth: MiddlewareHandler<VisitorEnv>) {
  const { store, now } = deps
  return new Hono<AppEnv>()
    .use('/visitor/consent', auth)
    .post(
      '/visitor/consent',
      messageBudget(deps, 'consents', 'consents'),
      jsonBody(ConsentRequest, MAX_CONSENT_BODY_BYTES),
      async (c) => {
        const { visitorId } = c.get('visitor')
        const { version } = c.req.valid('json')
        const known = await store.listConsents(visitorId)
        if (known.length >= MAX_CONSENTS_PER_VISITOR && !known.some((k) => k.version === version)) {
          throw apiError(
            409,
            'too_many_consents',
            `This visitor has agreed to ${known.length} versions of the consent text, the most kept: send one of those, or erase the visitor's data first.`,
          )
        }
        await store.recordConsent(visitorId, { version, at: now() })
        return c.body(null, 204)
      },
    )
}
