import type {
  Contact,
  IdentifiedUser,
  SessionRequest,
  SessionResponse,
} from '../../../shared/widget-api'
import { isApiError, unreadable } from '../../protocol/api-error'
import { parseSessionResponse } from '../../protocol/chat-bodies'
import { request } from '../../protocol/request'
import type { KeyValueStore } from '../../storage/key-value-store'

export interface SessionOptions {
  base: string
  fetch: typeof fetch
  storage: KeyValueStore
  /** A session was created for a new visitor (not resumed, not identified). */
  onNew?: () => void
}

/** The visitor's session (POST /api/session): created lazily, stored, renewed after a 401 (a new one only when the backend refuses the stored token). */
export function createSession({ base, fetch, storage, onNew }: SessionOptions) {
  let session: SessionResponse | undefined
  let pending: Promise<SessionResponse> | undefined
  let renewing: Promise<SessionResponse> | undefined
  let identity: IdentifiedUser | undefined
  let identifying: Promise<void> | undefined
  let signedOut = false

  async function post(body: SessionRequest): Promise<SessionResponse> {
    const parsed = parseSessionResponse(
      await request(fetch, `${base}api/session`, { method: 'POST', body }),
    )
    if (!parsed) throw unreadable('POST /api/session')
    session = parsed
    await storage.set('session', parsed)
    if (!body.token && !body.user) onNew?.()
    return parsed
  }

  function ensure(): Promise<SessionResponse> {
    // A call made while the page identifies the visitor goes out as the verified user
    // (or, if the hash is refused, as the guest they stay), never as the guest meanwhile.
    if (identifying) return identifying.then(ensure)
    if (session) return Promise.resolve(session)
    pending ??= post(identity ? { user: identity } : {}).finally(() => {
      pending = undefined
    })
    return pending
  }

  /** A new session (verified again if identified) in place of a refused one. */
  async function replace(): Promise<SessionResponse> {
    session = undefined
    await storage.del('session')
    return ensure()
  }

  /**
   * A call was refused (401). The stored token is renewed first (POST {token}), so a
   * refusal a renewal answers (an instance whose clock disagrees, a stale token another
   * tab already renewed) keeps the visitor and their conversation. Only when the
   * backend refuses the credential itself (revoked, expired, unknown: 401 again) does
   * a new session start. Anything else (no network, a 5xx) throws and keeps the
   * stored session for the next try. Concurrent callers share one renewal.
   */
  function renew(): Promise<SessionResponse> {
    renewing ??= (session ? refresh(session.token) : replace()).finally(() => {
      renewing = undefined
    })
    return renewing
  }

  /** The backend's session for a stored token; a new one when it refuses the token (401). */
  async function refresh(token: string): Promise<SessionResponse> {
    try {
      return await post({ token })
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) throw error
      // Signed out on every device (a sign-out there, or an e-mail's resume link that
      // moved the conversation to another browser), not merely expired.
      signedOut = error.code === 'session_revoked'
      return replace()
    }
  }

  return {
    current: () => session,
    /** Reads the stored session (another tab may have changed it). */
    async load(): Promise<SessionResponse | undefined> {
      session = parseSessionResponse(await storage.get('session'))
      return session
    },
    ensure,
    renew,
    /** True once after a renewal that found the visitor signed out everywhere (session_revoked). */
    signedOut(): boolean {
      const was = signedOut
      signedOut = false
      return was
    },
    /** Checks the stored token with the backend; a new session when it is refused. */
    check: (): Promise<SessionResponse> => (session ? refresh(session.token) : ensure()),
    /** Identity verification; a refused hash throws and leaves the current session as it was. */
    identify(user: IdentifiedUser): Promise<SessionResponse> {
      const verified = (async () => {
        // A guest session being created now is continued (merged), not raced.
        await pending?.catch(() => {})
        const result = await post(session ? { token: session.token, user } : { user })
        identity = user
        return result
      })()
      const settled: Promise<void> = verified
        .catch(() => {})
        .then(() => {
          if (identifying === settled) identifying = undefined
        })
      identifying = settled
      return verified
    },
    async setContact(contact: Contact): Promise<SessionResponse> {
      const { token } = await ensure()
      return post({ token, contact })
    },
    async clear(): Promise<void> {
      session = undefined
      await storage.del('session')
    },
  }
}
export type Session = ReturnType<typeof createSession>
