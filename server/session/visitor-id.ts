// Two id spaces that can never meet: a guest's id is random (nanoid: letters, digits,
// - and _, never a colon) and a verified user's is `user:<the site's user id>`. So a
// site user whose id happens to equal a guest's random id still gets a conversation
// of their own.

import { MAX_USER_ID_LENGTH } from '../../shared/widget-api'

const USER_PREFIX = 'user:'
const GUEST_ID = /^[A-Za-z0-9_-]{1,64}$/
// What nanoid() makes, the only shape a guest id ever had.
const NANOID = /^[A-Za-z0-9_-]{21}$/

/**
 * The longest visitor id Porthole issues, and so the longest sender.id the service
 * can answer to (A3 recipient.id): a verified user's `user:` and 128 characters.
 */
export const MAX_VISITOR_ID_LENGTH = USER_PREFIX.length + MAX_USER_ID_LENGTH

/** The visitor id of the site's verified user `userId`. */
export function userVisitorId(userId: string): string {
  return `${USER_PREFIX}${userId}`
}

/** True for ids of the user space (`user:<id>`). */
export function isUserVisitorId(visitorId: string): boolean {
  return visitorId.startsWith(USER_PREFIX) && visitorId.length > USER_PREFIX.length
}

/** True for ids a guest token may name: no colon, so never a user's. */
export function isGuestVisitorId(visitorId: string): boolean {
  return GUEST_ID.test(visitorId)
}

/**
 * True when a conversation kept under `rawId` before the id spaces were split could
 * be a guest's (a guest's random id has this shape), so it must never be handed to a
 * user whose raw id is the same.
 */
export function couldBeGuestId(rawId: string): boolean {
  return NANOID.test(rawId)
}
