import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The client's address; behind a proxy (TRUST_PROXY=1) the first X-Forwarded-For entry. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    return 'local'
  }
}
