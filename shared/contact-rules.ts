// The rules of a customer's contact details, without zod: the widget checks them before
// it sends (its chat chunk has no bytes for zod), and shared/widget-api/session.ts's
// Contact schema checks the same on the backend.

/**
 * An address Porthole can send to as it is (server/email/): a dot-atom local part
 * (letters of any script, digits, RFC 5322's other atext characters; no quotes, commas,
 * brackets or spaces, so it can never break a header or name a second recipient), a
 * domain of labels without leading or trailing hyphens and a top-level domain of
 * letters, at most 64 characters before the @ and 254 in all.
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)(?=.{6,254}$)[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[A-Za-z0-9-]{1,59})$/u
/** Digits, spaces, +, -, ( and ): 5 to 32 characters, at least 3 of them digits. */
export const PHONE_PATTERN = /^(?=(?:\D*\d){3})[\d +()-]{5,32}$/

/** What a refused e-mail address is told (the offline form, setContact, identify). */
export const EMAIL_PROBLEM = 'must be an e-mail address like name@example.com'
/** What a refused phone number is told. */
export const PHONE_PROBLEM = 'must be a phone number: 5 to 32 digits, spaces, +, -, ( and )'

/** The first given field that breaks its rule (an empty or blank field is not given). */
export function invalidContactField(contact: {
  email?: string
  phone?: string
}): 'email' | 'phone' | undefined {
  const email = contact.email?.trim()
  const phone = contact.phone?.trim()
  if (email && !EMAIL_PATTERN.test(email)) return 'email'
  if (phone && !PHONE_PATTERN.test(phone)) return 'phone'
  return undefined
}

/**
 * True for an address e-mail can be sent to as it is: the one rule of every place an
 * address is entered, so nothing stored can break a header or name a second recipient.
 *
 * @example isEmailAddress('ann@example.com') // true
 * @example isEmailAddress('ann@example') // false: no top-level domain
 */
export function isEmailAddress(value: string): boolean {
  return value !== '' && EMAIL_PATTERN.test(value)
}

/** The address as it is compared and kept on suppression lists. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase()
}
