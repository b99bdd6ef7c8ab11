import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { emailConfirmKey, emailLockKey } from '../../store/keys'
import type { Claims, Records } from '../../store/types'

/** Who a confirmation link is for: the visitor, the address, and until when it works. */
const ConfirmClaim = z.object({ v: z.string(), a: z.string(), expiresAt: z.number() })
export type ConfirmClaim = z.infer<typeof ConfirmClaim>

/** How long a confirmation link works. */
export const CONFIRM_LINK_MS = 3 * 24 * 3_600_000

const TOKEN = /^([\w-]{22})\.([\w-]{22})$/

// A key of its own, derived from SESSION_SECRET: a confirmation token is nothing else.
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('porthole e-mail confirm v1').digest()

/**
 * Confirmation links' tokens: `<random id>.<HMAC of the id>`. The address and visitor stay
 * on the server (a record under the id, expiring with the link), so a link shows neither;
 * the signature turns away a made-up token without a store read; taking a token spends it.
 *
 * @example const token = await links.create('v1', 'ann@example.com'); await links.take(token)
 */
export function createConfirmLinks(options: {
  secret: string
  store: Records & Claims
  now: () => number
}) {
  const { store, now } = options
  const key = keyOf(options.secret)
  const sign = (id: string) =>
    createHmac('sha256', key).update(id).digest().subarray(0, 16).toString('base64url')

  /** The token's id when this backend signed it. */
  function idOf(token: string): string | undefined {
    const [, id, signature] = TOKEN.exec(token) ?? []
    if (!id || !signature) return undefined
    const expected = Buffer.from(sign(id))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined
  }

  /** The claim of a live link (not spent, not expired); undefined for anything else. */
  async function peek(token: string): Promise<ConfirmClaim | undefined> {
    const id = idOf(token)
    if (!id) return undefined
    const claim = await store.getRecord(emailConfirmKey(id), ConfirmClaim)
    return claim && claim.expiresAt > now() ? claim : undefined
  }

  return {
    async create(visitorId: string, address: string): Promise<string> {
      const id = randomBytes(16).toString('base64url')
      const claim: ConfirmClaim = { v: visitorId, a: address, expiresAt: now() + CONFIRM_LINK_MS }
      await store.setRecord(emailConfirmKey(id), claim, CONFIRM_LINK_MS)
      return `${id}.${sign(id)}`
    },
    peek,
    /** Spends a live link: its claim to the first caller (on any instance), undefined after. */
    async take(token: string): Promise<ConfirmClaim | undefined> {
      const claim = await peek(token)
      const id = idOf(token)
      if (!claim || !id) return undefined
      if (!(await store.claim(emailLockKey(`confirm:${id}`), CONFIRM_LINK_MS))) return undefined
      await store.deleteRecord(emailConfirmKey(id))
      return claim
    },
  }
}
export type ConfirmLinks = ReturnType<typeof createConfirmLinks>
