import { confirmProfileEmail } from '../../../server/session/profile'
import type { Records } from '../../../server/store/types'

/**
 * Records the visitor's address as confirmed, as its confirmation link would (tests of
 * what e-mails to a confirmed address do; tests/server/email/confirm/ follow the link).
 */
export async function confirmAddress(
  store: Records,
  visitorId: string,
  address = 'ann@example.com',
): Promise<void> {
  const month = 30 * 24 * 3_600_000
  if (!(await confirmProfileEmail(store, visitorId, address, Date.now(), month)))
    throw new Error(`${address} is not the address of visitor ${visitorId}`)
}
