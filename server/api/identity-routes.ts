import { Hono } from 'hono'
import type { z } from 'zod'
import { IdentifiedUser } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { apiError } from '../http/api-error'
import type { AppEnv } from '../http/app-env'
import { clientKey } from '../http/client-ip'
import { jsonBody } from '../http/json-body'
import { enforceRate } from '../http/limits'
import type { Runtime } from '../runtime'
import { verifyIdentity } from '../session/identity'

/** The body of POST /api/identity/check: a user id and the hash a site computed for it. */
export const IdentityCheck = IdentifiedUser.pick({ id: true, hash: true })
export type IdentityCheck = z.infer<typeof IdentityCheck>

/**
 * POST /api/identity/check: tells a site's server (the WordPress plugin's "Test
 * connection") whether it computes identity hashes with this backend's IDENTITY_SECRET,
 * without starting a session or storing anything. 200 `{"valid":true}`, 401
 * `invalid_identity`, 400 `identity_not_configured`. It counts against the same
 * per-address budget as POST /api/session, which answers the same question.
 *
 * @example curl -d '{"id":"check","hash":"<hex HMAC-SHA256(secret,"check")>"}' -H 'content-type: application/json' https://chat.example.com/api/identity/check
 */
export function identityRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  const { config } = deps
  return new Hono<AppEnv>().post(
    '/identity/check',
    jsonBody(IdentityCheck, 4 * 1024),
    async (c) => {
      await enforceRate(
        runtime.limits.ipSessions,
        clientKey(c, config),
        'identity checks from this address',
      )
      const { id, hash } = c.req.valid('json')
      if (config.identitySecret === undefined) {
        throw apiError(
          400,
          'identity_not_configured',
          'Identity verification is off on this server: set IDENTITY_SECRET on the backend.',
        )
      }
      if (!verifyIdentity(config.identitySecret, id, hash)) {
        throw apiError(
          401,
          'invalid_identity',
          "The hash does not match: the secret differs from the backend's IDENTITY_SECRET.",
        )
      }
      c.header('cache-control', 'no-store')
      return c.json({ valid: true })
    },
  )
}
