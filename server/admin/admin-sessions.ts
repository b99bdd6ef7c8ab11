import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { adminSessionKey } from '../store/keys'
import type { Records } from '../store/types'
import { type AdminCredentials, bindingMatches, bindingOf, credentialsKey } from './session-binding'

/** A login lasts this long without use (sliding). */
export const ADMIN_IDLE_MS = 8 * 60 * 60 * 1000
/** And never longer than this after the password was typed, however often it is used. */
export const ADMIN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
// A session's expiry is pushed back at most this often (not on every request).
const TOUCH_EVERY_MS = 60 * 1000

// `binding` ties the login to ADMIN_PASSWORD and ADMIN_TOKEN; records from before it
// existed have none and are logged out once.
const AdminSession = z.object({
  createdAt: z.number(),
  seenAt: z.number(),
  binding: z.string().optional(),
})

// The store keeps a hash of the cookie's value, not the value: a leaked store opens nothing.
const idHash = (id: string) => createHash('sha256').update(id).digest('base64url')

const ID = /^[A-Za-z0-9_-]{43}$/

/** A check's answer: `expiresInMs` is how long the cookie may live (idle or absolute end). */
export type SessionCheck =
  | { live: false; touched: false }
  | { live: true; touched: boolean; expiresInMs: number }

/**
 * Studio logins, kept in the store (so every instance knows them): 8 h without use ends
 * one, 7 days ends it whatever the use, and a change of ADMIN_PASSWORD or ADMIN_TOKEN ends
 * them all (each record carries an HMAC of its id under a key derived from both).
 *
 * @example const id = await sessions.create(); await sessions.check(id) // { live: true, ... }
 */
export function createAdminSessions(options: {
  store: Records
  now: () => number
  credentials: AdminCredentials
}) {
  const { store, now } = options
  const key = credentialsKey(options.credentials)
  // When a session seen at `seenAt` ends: 8 h later, or at its absolute end if sooner.
  const endOf = (session: { createdAt: number }, seenAt: number) =>
    Math.min(seenAt + ADMIN_IDLE_MS, session.createdAt + ADMIN_MAX_AGE_MS)
  return {
    async create(): Promise<string> {
      const id = randomBytes(32).toString('base64url')
      const at = now()
      await store.setRecord(
        adminSessionKey(idHash(id)),
        { createdAt: at, seenAt: at, binding: bindingOf(await key, id) },
        ADMIN_IDLE_MS,
      )
      return id
    },
    /** Whether `id` is a live login; a use keeps it alive for another 8 h, up to 7 days in all. */
    async check(id: string): Promise<SessionCheck> {
      const dead = { live: false, touched: false } as const
      if (!ID.test(id)) return dead
      const recordKey = adminSessionKey(idHash(id))
      const session = await store.getRecord(recordKey, AdminSession)
      if (!session) return dead
      const at = now()
      const bound = session.binding !== undefined && bindingMatches(await key, id, session.binding)
      if (!bound || at >= endOf(session, session.seenAt)) {
        await store.deleteRecord(recordKey)
        return dead
      }
      if (at - session.seenAt < TOUCH_EVERY_MS)
        return { live: true, touched: false, expiresInMs: endOf(session, session.seenAt) - at }
      const left = endOf(session, at) - at
      await store.setRecord(recordKey, { ...session, seenAt: at }, left)
      return { live: true, touched: true, expiresInMs: left }
    },
    async end(id: string): Promise<void> {
      if (ID.test(id)) await store.deleteRecord(adminSessionKey(idHash(id)))
    },
  }
}
export type AdminSessions = ReturnType<typeof createAdminSessions>
