import { Hono, type MiddlewareHandler } from 'hono'
import { nanoid } from 'nanoid'
import {
  type Contact,
  type IdentifiedUser,
  type ResumeResult,
  SessionRequest,
  type SessionResponse,
} from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { carryUnsent } from '../channel/unsent-deliveries'
import { visitorLanguage } from '../email/render/email-language'
import { cameFromLink } from '../email/resume-exchange'
import { resumeVisitor } from '../email/resume-session'
import { apiError } from '../http/api-error'
import type { AppEnv, VisitorEnv } from '../http/app-env'
import { clientKey } from '../http/client-ip'
import { jsonBody } from '../http/json-body'
import { enforceRate } from '../http/limits'
import type { Logger } from '../logging/logger'
import type { Runtime } from '../runtime'
import { verifyIdentity } from '../session/identity'
import { migrateLegacyUser } from '../session/legacy'
import { mergeConversation } from '../session/merge-conversation'
import { confirmProfileEmail, saveContact } from '../session/profile'
import { isSessionError, type SessionError } from '../session/session-error'
import type { Sessions } from '../session/sessions'
import type { Visitor } from '../session/token'
import { userVisitorId } from '../session/visitor-id'

/**
 * POST /api/session: a new guest, a renewed token, or a verified logged-in user (whose
 * guest conversation, given its token, is merged in). DELETE /api/session: revokes
 * the bearer's credentials everywhere. POST /api/events/ticket: a 60-second ticket
 * for EventSource, so no token is ever put in a URL.
 */
export function sessionRoutes(
  deps: AppDeps,
  runtime: Runtime,
  sessions: Sessions,
  auth: MiddlewareHandler<VisitorEnv>,
) {
  const { config, store, now } = deps
  const keepMs = config.retention.maxAgeMs

  /** The verified user of `user`; their conversation from before the id split is moved once. */
  async function verifiedUser(user: IdentifiedUser): Promise<Visitor> {
    if (config.identitySecret === undefined) {
      throw apiError(
        400,
        'identity_not_configured',
        'Identity verification is off on this server: set IDENTITY_SECRET, or start the chat without "user".',
      )
    }
    // A wrong hash is refused, never downgraded to a guest: the page asked for this user.
    if (!verifyIdentity(config.identitySecret, user.id, user.hash)) {
      throw apiError(
        401,
        'invalid_identity',
        'user.hash does not match user.id: compute it as hex HMAC-SHA256(IDENTITY_SECRET, user.id) on your server.',
      )
    }
    const visitorId = userVisitorId(user.id)
    await migrateLegacyUser(store, { rawId: user.id, userId: visitorId, keepMs, now: now() })
    return { visitorId, kind: 'user' }
  }

  /** The guest conversation a token names, merged into the user's; a dead session's is not. */
  async function mergeGuest(token: string, user: Visitor, log: Logger) {
    let guest: Visitor
    try {
      guest = (await sessions.authenticate(token)).visitor
    } catch (error) {
      if (!isSessionError(error)) throw error
      if (error.code === 'invalid_token') throw refused(error)
      return // expired or revoked: that conversation is no longer the caller's to bring
    }
    if (guest.kind !== 'guest') return
    // A conversation a resume link handed over may be someone else's (a link sent to this
    // visitor): it stays a guest's, and its replies never reach the user's account.
    if (await cameFromLink(store, guest.visitorId)) {
      log.info('guest conversation came from a resume link; not merged into the user')
      return
    }
    const outcome = await mergeConversation(store, {
      fromId: guest.visitorId,
      intoId: user.visitorId,
      keepMs,
    })
    if (outcome.kind === 'taken') {
      log.info('guest conversation already merged into another user; not merged again')
      return
    }
    // The guest's messages still waiting, and those sent after a wait, reach the user's streams.
    await carryUnsent(store, { fromId: guest.visitorId, intoId: user.visitorId, keepMs })
    if (outcome.copied > 0)
      log.info('guest conversation merged into the user', { copied: outcome.copied })
  }

  return new Hono<AppEnv>()
    .post('/session', jsonBody(SessionRequest, 8 * 1024), async (c) => {
      await enforceRate(
        runtime.limits.ipSessions,
        clientKey(c, config),
        'sessions from this address',
      )
      const body = c.req.valid('json')
      let visitor: Visitor
      let contact: Contact = body.contact ?? {}
      let resumed: ResumeResult | undefined
      if (body.resume !== undefined) {
        if (body.user)
          throw apiError(
            400,
            'invalid_request',
            'Give resume or user, not both: exchange the resume link first, then identify the user.',
          )
        ;({ visitor, resumed } = await resumeVisitor(
          { links: runtime.resume, sessions, store, now, keepMs },
          { resume: body.resume, token: body.token, device: body.device },
        ))
      } else if (body.user) {
        const { id: _id, hash: _hash, ...userContact } = body.user
        visitor = await verifiedUser(body.user)
        if (body.token !== undefined) await mergeGuest(body.token, visitor, c.get('log'))
        contact = { ...userContact, ...contact }
      } else if (body.token !== undefined) {
        try {
          visitor = (await sessions.authenticate(body.token)).visitor
        } catch (error) {
          if (isSessionError(error)) throw refused(error)
          throw error
        }
      } else {
        visitor = { visitorId: nanoid(), kind: 'guest' }
      }
      const lang = visitorLanguage(c.req.header('accept-language'))
      const profile = await saveContact(store, visitor.visitorId, contact, keepMs, lang)
      // The site vouches for a verified user's own address (IDENTITY_SECRET): confirmed.
      if (body.user?.email)
        await confirmProfileEmail(store, visitor.visitorId, body.user.email, now(), keepMs)
      const response: SessionResponse = {
        visitorId: visitor.visitorId,
        token: await sessions.issue(visitor),
        contact: profile.contact,
        ...(resumed ? { resumed } : {}),
      }
      return c.json(response)
    })
    .delete('/session', auth, async (c) => {
      const { visitorId } = c.get('visitor')
      await sessions.revoke(visitorId)
      // Streams already open (on any instance) were authorised before: end them too.
      await store.publish(visitorId, { event: 'revoked', data: { at: now() } })
      return c.body(null, 204)
    })
    .route(
      '/',
      // visitorAuth() answers every method here: no credential is a 401, never a 404.
      new Hono<AppEnv>()
        .use('/events/ticket', auth)
        .post('/events/ticket', (c) =>
          c.json(
            sessions.ticket({ visitor: c.get('visitor'), generation: c.get('visitorGeneration') }),
          ),
        ),
    )
}

// In a body, not a header: no WWW-Authenticate challenge.
function refused(error: SessionError) {
  const message =
    error.code === 'invalid_token'
      ? 'The visitor token is not valid: start a new session with an empty body {}.'
      : error.message
  return apiError(401, error.code, message)
}
