import { normalizeAddress } from '../../shared/contact-rules'
import { readProfile } from '../session/profile'
import { profileKey } from '../store/keys'
import type { Records, VisitorEvents } from '../store/types'

/**
 * Shows an unsubscribe in the visitor's contact profile (the `contact` stream event and
 * StoredContact's `emailUnsubscribed`), when `address` is still their address.
 */
export async function markProfileUnsubscribed(
  store: Records & VisitorEvents,
  visitorId: string,
  address: string,
  ttlMs: number,
): Promise<void> {
  const profile = await readProfile(store, visitorId)
  const email = profile.contact.email
  if (!email || normalizeAddress(email) !== normalizeAddress(address)) return
  if (profile.contact.emailUnsubscribed) return
  const contact = { ...profile.contact, emailUnsubscribed: true }
  await store.setRecord(profileKey(visitorId), { ...profile, contact }, ttlMs)
  await store.publish(visitorId, { event: 'contact', data: contact })
}
