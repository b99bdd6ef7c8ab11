import { z } from 'zod'
import { type Contact, StoredContact } from '../../shared/widget-api'
import { profileKey } from '../store/keys'
import type { Records } from '../store/types'

/** What the backend remembers of a visitor: sent to agents as sender.name/email/phone/invite. */
export const Profile = z.object({
  // Read as stored: a contact saved before e-mail and phone were checked keeps its
  // fields (agents have seen them) instead of reading as empty, losing the name too.
  contact: StoredContact,
  invite: z.string().optional(),
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
  const next: Profile = {
    contact: { ...current.contact, ...dropEmpty(changes.contact ?? {}) },
    invite: changes.invite ?? current.invite,
  }
  await store.setRecord(profileKey(visitorId), next, ttlMs)
  return next
}

function dropEmpty(contact: Contact): Contact {
  return Object.fromEntries(
    Object.entries(contact).filter(([, value]) => value !== undefined && value !== ''),
  )
}
