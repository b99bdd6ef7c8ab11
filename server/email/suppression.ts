import { createHash } from 'node:crypto'
import { z } from 'zod'
import { normalizeAddress } from '../../shared/contact-rules'
import { emailUnsubscribedKey } from '../store/keys'
import type { Records } from '../store/types'

const Unsubscribed = z.object({ at: z.number() })

/** The stored key of an address: a hash, so the list is no list of addresses. */
const keyOf = (address: string) =>
  emailUnsubscribedKey(createHash('sha256').update(normalizeAddress(address)).digest('hex'))

/** The addresses that unsubscribed (one record per address, on every instance). */
export function createSuppressions(store: Records) {
  return {
    async isUnsubscribed(address: string): Promise<boolean> {
      return (await store.getRecord(keyOf(address), Unsubscribed)) !== undefined
    },
    async unsubscribe(address: string, at: number): Promise<void> {
      // Kept for good (no expiry): an unsubscribed address must never hear from us
      // again, even after retention dropped the conversation. ~100 bytes an address.
      await store.setRecord(keyOf(address), { at })
    },
  }
}
export type Suppressions = ReturnType<typeof createSuppressions>
