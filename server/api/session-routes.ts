import { Hono } from 'hono'
import { nanoid } from 'nanoid'
import { SessionRequest, type SessionResponse } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { apiError } from '../http/api-error'
import type { AppEnv } from '../http/app-env'
import { clientIp } from '../http/client-ip'
import { enforceRate, limitBody } from '../http/limits'
import { validate } from '../http/validation'
import type { Runtime } from '../runtime'
import { verifyIdentity } from '../session/identity'
import { updateProfile } from '../session/profile'
import { issueToken, type Visitor, verifyToken } from '../session/token'

/** POST /api/session: a new guest, a resumed token, or a verified logged-in user. */
export function sessionRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  const { config, store } = deps
  return new Hono<AppEnv>().post(
    '/session',
    limitBody(8 * 1024),
    validate('json', SessionRequest),
    async (c) => {
      enforceRate(
        runtime.limits.ipSessions,
        clientIp(c, config.trustProxy),
        'sessions from this address',
      )
      const body = c.req.valid('json')
      let visitor: Visitor
      let contact = body.contact ?? {}
      if (body.user) {
        const { id, hash, ...userContact } = body.user
        if (config.identitySecret === undefined) {
          throw apiError(
            400,
            'identity_not_configured',
            'Identity verification is off on this server: set IDENTITY_SECRET, or start the chat without "user".',
          )
        }
        // A wrong hash is refused, never downgraded to a guest: the page asked for this user.
        if (!verifyIdentity(config.identitySecret, id, hash)) {
          throw apiError(
            401,
            'invalid_identity',
            'user.hash does not match user.id: compute it as hex HMAC-SHA256(IDENTITY_SECRET, user.id) on your server.',
          )
        }
        visitor = { visitorId: id, kind: 'user' }
        contact = { ...userContact, ...contact }
      } else if (body.token !== undefined) {
        const resumed = verifyToken(config.sessionSecret, body.token)
        if (!resumed)
          throw apiError(
            401,
            'invalid_token',
            'The visitor token is not valid: start a new session with an empty body {}.',
          )
        visitor = resumed
      } else {
        visitor = { visitorId: nanoid(), kind: 'guest' }
      }
      const profile = await updateProfile(
        store,
        visitor.visitorId,
        { contact },
        config.retention.maxAgeMs,
      )
      const response: SessionResponse = {
        visitorId: visitor.visitorId,
        token: issueToken(config.sessionSecret, visitor),
        contact: profile.contact,
      }
      return c.json(response)
    },
  )
}
