import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** Who an unsubscribe link is for: the visitor (whose profile shows it) and the address. */
export const UnsubscribeClaim = z.object({
  v: z.string().min(1).max(200),
  a: z.string().min(3).max(320),
})
export type UnsubscribeClaim = z.infer<typeof UnsubscribeClaim>

// A key of its own, derived from SESSION_SECRET: an unsubscribe token is never a session.
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('porthole e-mail unsubscribe v1').digest()

/**
 * Signed unsubscribe tokens: `<base64url JSON>.<base64url HMAC>`. They do not expire: an
 * old e-mail's link must still work (RFC 8058 asks for a lasting one).
 *
 * @example const tokens = createUnsubscribeTokens(config.sessionSecret)
 */
export function createUnsubscribeTokens(secret: string) {
  const key = keyOf(secret)
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url')
  return {
    create(claim: UnsubscribeClaim): string {
      const payload = Buffer.from(JSON.stringify({ v: claim.v, a: claim.a })).toString('base64url')
      return `${payload}.${sign(payload)}`
    },
    /** The claim of a token this backend signed; undefined for anything else. */
    verify(token: string): UnsubscribeClaim | undefined {
      const [payload, signature, extra] = token.split('.')
      if (!payload || !signature || extra !== undefined || token.length > 2048) return undefined
      const expected = Buffer.from(sign(payload))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
      try {
        return UnsubscribeClaim.parse(
          JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
        )
      } catch {
        return undefined
      }
    },
  }
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>
