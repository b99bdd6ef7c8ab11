import { loadPorthole, type Porthole } from './index.js'
import type { IdentifiedUser, PortholeOptions } from './types.js'

// What the React and Vue components share: one widget per page, removed on unmount and
// brought back on the next mount; the signed-in user followed.

let destroyed = false

/** Loads the widget (the consent given separately) and returns the unmount cleanup. */
export function mountWidget(options: PortholeOptions): () => void {
  const porthole = loadPorthole({ ...options, user: undefined, consent: false })
  if (destroyed) {
    destroyed = false
    void porthole.boot().catch(() => {})
  }
  return () => {
    destroyed = true
    porthole.destroy()
  }
}

/** A user's identity as a key: a change of id, hash or contact is a change. */
export function userKey(user: IdentifiedUser | undefined): string {
  return user ? JSON.stringify([user.id, user.hash, user.name, user.email, user.phone]) : ''
}

/**
 * Signs the user in (identify), or, when a signed-in user went away (a sign-out), forgets
 * the conversation so the next person on this browser does not see it. Returns the new key.
 */
export function followUser(
  porthole: Porthole,
  user: IdentifiedUser | undefined,
  previousKey: string,
): string {
  const key = userKey(user)
  if (key === previousKey) return key
  if (user) void porthole.identify(user).catch(() => {})
  else if (previousKey) void porthole.clearHistory().catch(() => {})
  return key
}

export type Attributes = Record<string, string | number | boolean | null>
