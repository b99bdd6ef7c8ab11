import type { Contact } from '../../shared/widget-api'
import { mergedEntryDedupeKey } from '../store/keys'
import type { Consents, ConversationLog, Records } from '../store/types'
import { readAlias, writeAlias } from './alias'
import { readProfile, updateProfile } from './profile'

const PAGE = 200
const CONTACT_FIELDS = ['name', 'email', 'phone'] as const

/** What a merge reads and writes: the logs, the profiles and aliases, the consents. */
export type MergeStore = Records &
  ConversationLog &
  Pick<Consents, 'listConsents' | 'recordConsent'>

export type MergeOutcome =
  /** `copied` entries were appended now (0 when a repeat found nothing new). */
  | { kind: 'merged'; copied: number }
  /** The conversation was merged into another visitor before: it stays theirs. */
  | { kind: 'taken'; by: string }

/**
 * Appends the conversation of `fromId` (a guest, or a user's id from before the split
 * of the id spaces) to the log of `intoId`, in order, and carries over the profile's
 * contact fields `intoId` lacks and the guest's consents (with their times). Idempotent: each entry is copied under a dedupe key
 * of its own, so a repeated or interrupted merge copies nothing twice.
 *
 * The alias is written first, so agent replies sent to `fromId` while this runs land
 * in `intoId`'s log, not in the one being copied.
 */
export async function mergeConversation(
  store: MergeStore,
  options: { fromId: string; intoId: string; keepMs: number },
): Promise<MergeOutcome> {
  const { fromId, intoId, keepMs } = options
  if (fromId === intoId) return { kind: 'merged', copied: 0 }
  const alias = await readAlias(store, fromId)
  if (alias && alias.visitorId !== intoId) return { kind: 'taken', by: alias.visitorId }
  let after = alias?.after
  await writeAlias(store, fromId, { visitorId: intoId, ...(after ? { after } : {}) }, keepMs)
  let copied = 0
  for (;;) {
    const page = await store.readAfter(fromId, after, PAGE)
    for (const { id, ...entry } of page) {
      const result = await store.append(intoId, entry, {
        dedupeKey: mergedEntryDedupeKey(fromId, id),
      })
      if (!result.duplicate) copied += 1
      after = id
    }
    if (after) await writeAlias(store, fromId, { visitorId: intoId, after }, keepMs)
    if (page.length < PAGE) break
  }
  await carryProfile(store, fromId, intoId, keepMs)
  // What the visitor agreed to as a guest holds for the user too (a version the user
  // agreed to already keeps its own time).
  for (const consent of await store.listConsents(fromId)) await store.recordConsent(intoId, consent)
  return { kind: 'merged', copied }
}

async function carryProfile(
  store: Records,
  fromId: string,
  intoId: string,
  keepMs: number,
): Promise<void> {
  const [from, into] = await Promise.all([readProfile(store, fromId), readProfile(store, intoId)])
  const missing: Contact = {}
  for (const field of CONTACT_FIELDS) {
    const value = from.contact[field]
    if (value && !into.contact[field]) missing[field] = value
  }
  const invite = into.invite ?? from.invite
  if (Object.keys(missing).length === 0 && invite === into.invite) return
  // The guest's confirmed address stays confirmed where it is copied (updateProfile keeps it only then).
  const confirmed = missing.email ? from.emailConfirmed : undefined
  await updateProfile(
    store,
    intoId,
    {
      contact: missing,
      ...(invite ? { invite } : {}),
      ...(confirmed ? { emailConfirmed: confirmed } : {}),
    },
    keepMs,
  )
}
