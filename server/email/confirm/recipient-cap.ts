import { createHash } from 'node:crypto'
import { normalizeAddress } from '../../../shared/contact-rules'
import { emailCapKey } from '../../store/keys'
import type { Claims } from '../../store/types'

const DAY_MS = 24 * 3_600_000

/**
 * At most `perDay` e-mails of one kind to one address in any 24 hours, whichever visitors
 * asked for them, on every instance and across restarts: each e-mail takes one of the
 * address's `perDay` slots, a store claim that lapses a day later (atomic on every store).
 * The address is kept as its hash.
 *
 * @example const cap = createRecipientCap(store, 'mail', 20); if (await cap.take(to)) send()
 */
export function createRecipientCap(store: Claims, kind: string, perDay: number) {
  return {
    perDay,
    /** True when the address had a slot left (now taken); false when it had its e-mails. */
    async take(address: string): Promise<boolean> {
      const hash = createHash('sha256').update(normalizeAddress(address)).digest('hex')
      for (let slot = 0; slot < perDay; slot++)
        if (await store.claim(emailCapKey(kind, hash, slot), DAY_MS)) return true
      return false
    },
  }
}
export type RecipientCap = ReturnType<typeof createRecipientCap>
