import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { adminSessionKey } from '../store/keys'
import type { Records } from '../store/types'

/** A login lasts this long without use (sliding). */
export const ADMIN_IDLE_MS = 8 * 60 * 60 * 1000
// A session's expiry is pushed back at most this often (not on every request).
const TOUCH_EVERY_MS = 60 * 1000

const AdminSession = z.object({ createdAt: z.number(), seenAt: z.number() })

// The store keeps a hash of the cookie's value, not the value: a leaked store opens nothing.
const idHash = (id: string) => createHash('sha256').update(id).digest('base64url')

/**
 * Studio logins, kept in the store (so every instance knows them) with an 8 h idle expiry.
 *
 * @example const id = await sessions.create(); await sessions.check(id) // true
 */
export function createAdminSessions(options: { store: Records; now: () => number }) {
  const { store, now } = options
  return {
    async create(): Promise<string> {
      const id = randomBytes(32).toString('base64url')
      const at = now()
      await store.setRecord(
        adminSessionKey(idHash(id)),
        { createdAt: at, seenAt: at },
        ADMIN_IDLE_MS,
      )
      return id
    },
    /** True when `id` is a live login; each use keeps it alive for another 8 h. */
    async check(id: string): Promise<{ live: boolean; touched: boolean }> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return { live: false, touched: false }
      const key = adminSessionKey(idHash(id))
      const session = await store.getRecord(key, AdminSession)
      if (!session || now() - session.seenAt >= ADMIN_IDLE_MS)
        return { live: false, touched: false }
      if (now() - session.seenAt < TOUCH_EVERY_MS) return { live: true, touched: false }
      await store.setRecord(key, { ...session, seenAt: now() }, ADMIN_IDLE_MS)
      return { live: true, touched: true }
    },
    async end(id: string): Promise<void> {
      if (/^[A-Za-z0-9_-]{43}$/.test(id)) await store.deleteRecord(adminSessionKey(idHash(id)))
    },
  }
}
export type AdminSessions = ReturnType<typeof createAdminSessions>
