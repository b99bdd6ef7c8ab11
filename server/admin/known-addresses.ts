import { createHash } from 'node:crypto'
import { z } from 'zod'
import { adminKnownAddressKey } from '../store/keys'
import type { Records } from '../store/types'

/** How long an address that logged in to the studio is remembered. */
export const KNOWN_ADDRESS_DAYS = 90

const Known = z.object({ at: z.number() })
const addressHash = (ip: string) => createHash('sha256').update(ip).digest('base64url')

/**
 * The client addresses that logged in to the studio with the password: the global login
 * brake does not hold them, so the site owner is not locked out by someone else's
 * guessing (their own address keeps its per-address limit).
 *
 * @example if (await known.has(ip)) letThrough(); await known.remember(ip)
 */
export function createKnownAddresses(options: { store: Records; now: () => number }) {
  const { store, now } = options
  return {
    async has(ip: string): Promise<boolean> {
      return (await store.getRecord(adminKnownAddressKey(addressHash(ip)), Known)) !== undefined
    },
    async remember(ip: string): Promise<void> {
      await store.setRecord(
        adminKnownAddressKey(addressHash(ip)),
        { at: now() },
        KNOWN_ADDRESS_DAYS * 24 * 60 * 60 * 1000,
      )
    },
  }
}
