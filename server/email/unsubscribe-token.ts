import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import { z } from 'zod'

/** Who an unsubscribe link is for: the visitor (whose profile shows it) and the address. */
export const UnsubscribeClaim = z.object({
  v: z.string().min(1).max(200),
  a: z.string().min(3).max(320),
})
export type UnsubscribeClaim = z.infer<typeof UnsubscribeClaim>

// Keys of their own, derived from SESSION_SECRET: an unsubscribe token is never a session.
const derive = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest()

/** Tokens now start with it: `u2.<base64url of IV, ciphertext and tag>`. */
const SEALED = 'u2.'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Unsubscribe tokens: the claim sealed with AES-256-GCM (`u2.<base64url>`), so a link in
 * a log, a proxy or a forwarded e-mail shows neither the address nor the visitor; the
 * tag makes a changed token fail. They do not expire: an old e-mail's link must still
 * work (RFC 8058 asks for a lasting one). Tokens of the first version (`<base64url
 * JSON>.<HMAC>`, the address in clear) were sent without an expiry either, so they are
 * still verified, never issued.
 *
 * @example const tokens = createUnsubscribeTokens(config.sessionSecret)
 */
export function createUnsubscribeTokens(secret: string) {
  const key = derive(secret, 'porthole e-mail unsubscribe v2 aes-gcm')
  const legacyKey = derive(secret, 'porthole e-mail unsubscribe v1')
  const signLegacy = (payload: string) =>
    createHmac('sha256', legacyKey).update(payload).digest('base64url')

  const parse = (json: string) => {
    try {
      const claim = UnsubscribeClaim.safeParse(JSON.parse(json))
      return claim.success ? claim.data : undefined
    } catch {
      return undefined
    }
  }

  function open(sealed: string): UnsubscribeClaim | undefined {
    const bytes = Buffer.from(sealed, 'base64url')
    if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    try {
      const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)
      return parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'))
    } catch {
      return undefined
    }
  }

  function verifyLegacy(token: string): UnsubscribeClaim | undefined {
    const [payload, signature, extra] = token.split('.')
    if (!payload || !signature || extra !== undefined) return undefined
    const expected = Buffer.from(signLegacy(payload))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
    return parse(Buffer.from(payload, 'base64url').toString('utf8'))
  }

  return {
    create(claim: UnsubscribeClaim): string {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const json = JSON.stringify({ v: claim.v, a: claim.a })
      const body = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()])
      return `${SEALED}${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`
    },
    /** The claim of a token this backend made (either version); undefined for anything else. */
    verify(token: string): UnsubscribeClaim | undefined {
      if (token.length > 2048) return undefined
      if (token.startsWith(SEALED)) return open(token.slice(SEALED.length))
      return verifyLegacy(token)
    },
  }
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>
