import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { apiError } from '../http/api-error'
import type { AppEnv, RequestVariables } from '../http/app-env'
import { ADMIN_IDLE_MS, type AdminSessions } from './admin-sessions'
import { isSameOrigin } from './same-origin'
import { tokenMatches } from './token-check'

/** How the caller got in: the studio's password login (a cookie) or ADMIN_TOKEN. */
export type AdminCaller = 'password' | 'token'

export type AdminEnv = {
  Bindings: AppEnv['Bindings']
  Variables: RequestVariables & { adminCaller: AdminCaller }
}

export const ADMIN_COOKIE = 'porthole_admin'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export type AdminAccessOptions = {
  sessions: AdminSessions
  /** ADMIN_TOKEN; undefined: only the password login opens the API. */
  token: string | undefined
  /** PUBLIC_URL: its origin passes the same-origin check, https makes the cookie Secure. */
  publicUrl: string
}

/**
 * Who is calling /admin/*: `token` for `Authorization: Bearer <ADMIN_TOKEN>`, `password`
 * for a live login cookie (kept alive by use), undefined for nobody. A wrong bearer
 * token is refused outright (401), never mistaken for no token.
 */
export function adminAccess(options: AdminAccessOptions) {
  const { sessions, token, publicUrl } = options
  const secure = publicUrl.startsWith('https:')
  const origin = new URL(publicUrl).origin

  const cookie = {
    set(c: Context, value: string, maxAgeMs = ADMIN_IDLE_MS): void {
      setCookie(c, ADMIN_COOKIE, value, {
        httpOnly: true,
        sameSite: 'Strict',
        secure,
        path: '/admin',
        maxAge: Math.floor(maxAgeMs / 1000),
      })
    },
    clear(c: Context): void {
      cookie.set(c, '', 0)
    },
    get: (c: Context): string | undefined => getCookie(c, ADMIN_COOKIE),
  }

  async function identify(c: Context): Promise<AdminCaller | undefined> {
    const authorization = c.req.header('authorization')
    if (authorization !== undefined) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
      if (tokenMatches(token, bearer)) return 'token'
      throw apiError(
        401,
        'invalid_token',
        'The Authorization header does not hold ADMIN_TOKEN: send `Authorization: Bearer <ADMIN_TOKEN>`.',
      )
    }
    const id = cookie.get(c)
    if (!id) return undefined
    const session = await sessions.check(id)
    if (!session.live) {
      cookie.clear(c)
      return undefined
    }
    if (session.touched) cookie.set(c, id, session.expiresInMs)
    return 'password'
  }

  /** Refuses a browser request from another site (CSRF); `allowNoHeaders` for non-browser logins. */
  function checkSameOrigin(c: Context, allowNoHeaders: boolean): void {
    const sameOrigin = isSameOrigin(
      { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') },
      [origin, new URL(c.req.url).origin],
      allowNoHeaders,
    )
    if (!sameOrigin)
      throw apiError(
        403,
        'cross_site_request',
        'This call must come from the settings studio’s own page (same origin), or carry ADMIN_TOKEN.',
      )
  }

  /** Lets only a logged-in studio or the token through; cookie writes must be same-origin. */
  const required: MiddlewareHandler<AdminEnv> = async function adminRequired(c, next) {
    const caller = await identify(c)
    if (!caller)
      throw apiError(
        401,
        'login_required',
        'Log in to the settings studio (POST /admin/login), or send `Authorization: Bearer <ADMIN_TOKEN>`.',
      )
    if (caller === 'password' && !SAFE_METHODS.has(c.req.method)) checkSameOrigin(c, false)
    c.set('adminCaller', caller)
    await next()
  }

  return { identify, required, checkSameOrigin, cookie }
}
export type AdminAccess = ReturnType<typeof adminAccess>
