import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { apiError } from './api-error'

/**
 * How long a browser may keep an API preflight's answer, in seconds: Chromium's own cap
 * (2 hours; Firefox keeps one a day at most). The widget's calls with a token or a JSON
 * body are preflighted; a cached answer saves the host page's visitor a round trip per
 * call. The origin check runs on every request itself, so a preflight kept after an
 * origin left ALLOWED_ORIGINS lets nothing through.
 */
export const PREFLIGHT_MAX_AGE_S = 7200

/** True when a browser on `origin` may call the API. */
export function originAllowed(allowed: readonly string[], origin: string): boolean {
  return allowed.includes('*') || allowed.includes(origin)
}

/** CORS response headers for a streamed response that bypasses Hono (SSE). */
export function corsHeaders(
  allowed: readonly string[],
  origin: string | undefined,
): Record<string, string> {
  if (!origin || !originAllowed(allowed, origin)) return {}
  return { 'access-control-allow-origin': origin, vary: 'Origin' }
}

/**
 * The CORS allowlist (ALLOWED_ORIGINS plus the backend's own origin). A request
 * from a browser on another origin is refused with 403 before any work is done.
 */
export function originPolicy(options: { allowed: readonly string[] }): MiddlewareHandler {
  const allowed = [...options.allowed]
  const corsMiddleware = cors({
    origin: (origin) => (originAllowed(allowed, origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID', 'X-Request-Id'],
    exposeHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: PREFLIGHT_MAX_AGE_S,
  })
  return async function originPolicyMiddleware(c, next) {
    const origin = c.req.header('origin')
    if (origin && !originAllowed(allowed, origin)) {
      throw apiError(
        403,
        'origin_not_allowed',
        `${origin} may not use this chat: add it to ALLOWED_ORIGINS`,
      )
    }
    return corsMiddleware(c, next)
  }
}

/** ALLOWED_ORIGINS plus the backend's own origin (pages it serves itself). */
export function allowedOriginsOf(config: {
  allowedOrigins: readonly string[]
  publicUrl: string
}): string[] {
  return [...new Set([...config.allowedOrigins, new URL(config.publicUrl).origin])]
}
