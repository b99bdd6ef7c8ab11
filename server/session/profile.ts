import { z } from 'zod'
import { maskFreeField } from '../../shared/privacy/contact-fields'
import { type Contact, StoredContact } from '../../shared/widget-api'
import { profileKey } from '../store/keys'
import type { Records, VisitorEvents } from '../store/types'

/** What the backend remembers of a visitor: sent to agents as sender.name/email/phone/invite. */
export const Profile = z.object({
  // Read as stored: a contact saved before e-mail and phone were checked keeps its
  // fields (agents have seen them) instead of reading as empty, losing the name too.
  contact: StoredContact,
  invite: z.string().optional(),
  /** The last page the visitor wrote from (the widget's `url`): where a resume link opens the chat. */
  page: z.string().optional(),
  /** The visitor's language among the widget's (Accept-Language of their latest session): e-mails are written in it. */
  lang: z.string().optional(),
  /**
   * The visitor's e-mail address proven theirs (the confirmation link clicked, or given by
   * a signed-in user verified with IDENTITY_SECRET), and when: e-mails to it may carry the
   * conversation. Cleared when the address changes.
   */
  emailConfirmed: z.object({ address: z.string(), at: z.number() }).optional(),
})
export type Profile = z.infer<typeof Profile>

export async function readProfile(store: Records, visitorId: string): Promise<Profile> {
  return (await store.getRecord(profileKey(visitorId), Profile)) ?? { contact: {} }
}

/** Merges `changes` into the stored profile; kept as long as conversations are. */
export async function updateProfile(
  store: Records,
  visitorId: string,
  changes: Partial<Profile>,
  ttlMs: number,
): Promise<Profile> {
  const current = await readProfile(store, visitorId)
  const contact: StoredContact = { ...current.contact, ...dropEmpty(changes.contact ?? {}) }
  // A card number typed as a name is never stored (nor sent to agents as sender.name).
  if (contact.name !== undefined) contact.name = maskFreeField(contact.name)
  // An unsubscribe is the address's: another address starts subscribed.
  if (contact.email?.trim().toLowerCase() !== current.contact.email?.trim().toLowerCase())
    delete contact.emailUnsubscribed
  const confirmed = changes.emailConfirmed ?? current.emailConfirmed
  const next: Profile = {
    contact,
    invite: changes.invite ?? current.invite,
    page: changes.page ?? current.page,
    lang: changes.lang ?? current.lang,
    // A confirmation is the address's: another address is unconfirmed until its own.
    ...(confirmed && sameAddress(confirmed.address, contact.email)
      ? { emailConfirmed: confirmed }
      : {}),
  }
  await store.setRecord(profileKey(visitorId), next, ttlMs)
  return next
}

const sameAddress = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase()

/** The profile's address when it is confirmed (see `emailConfirmed`), else undefined. */
export function confirmedEmail(profile: Profile): string | undefined {
  const email = profile.contact.email?.trim()
  return email && sameAddress(profile.emailConfirmed?.address, email) ? email : undefined
}

/**
 * Records `address` as proven the visitor's, when it is still their address. False when
 * the profile's address is another (changed since the link was sent): nothing changes.
 */
export async function confirmProfileEmail(
  store: Records,
  visitorId: string,
  address: string,
  at: number,
  ttlMs: number,
): Promise<boolean> {
  const profile = await readProfile(store, visitorId)
  if (!sameAddress(profile.contact.email, address)) return false
  if (confirmedEmail(profile)) return true
  await updateProfile(store, visitorId, { emailConfirmed: { address: address.trim(), at } }, ttlMs)
  return true
}

const sameContact = (a: StoredContact, b: StoredContact): boolean =>
  a.name === b.name &&
  a.email === b.email &&
  a.phone === b.phone &&
  a.emailUnsubscribed === b.emailUnsubscribed

/**
 * Merges contact details given anywhere (the offline form, setContact, identify, the
 * bot's question) into the visitor's one profile, and tells every open stream of the
 * visitor when they changed it, so no device asks for them again.
 */
export async function saveContact(
  store: Records & VisitorEvents,
  visitorId: string,
  contact: Contact,
  ttlMs: number,
  /** The visitor's language, when the caller knows it (POST /api/session). */
  lang?: string,
): Promise<Profile> {
  const before = await readProfile(store, visitorId)
  const after = await updateProfile(store, visitorId, { contact, ...(lang ? { lang } : {}) }, ttlMs)
  if (!sameContact(before.contact, after.contact))
    await store.publish(visitorId, { event: 'contact', data: after.contact })
  return after
}

/** Whether the backend has a profile for this id: a visitor of this site, not another channel's customer. */
export async function hasProfile(store: Records, visitorId: string): Promise<boolean> {
  return (await store.getRecord(profileKey(visitorId), Profile)) !== undefined
}

function dropEmpty(contact: Contact): Contact {
  return Object.fromEntries(
    Object.entries(contact).filter(([, value]) => value !== undefined && value !== ''),
  )
}
