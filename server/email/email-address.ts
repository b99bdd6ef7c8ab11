// The one rule for an address Porthole sends to: a dot-atom local part (RFC 5322 atext,
// no quoted strings, no comments) and a domain of LDH labels with a letter TLD, within
// SMTP's lengths (RFC 5321: 64 for the local part, 254 for the path). Stricter than the
// RFC on purpose: every address passing it is written into a header as it is, so
// nothing in it can break a header or name a second recipient (`,`, `<`, `"`, spaces).

const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/
const TLD = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

/**
 * True for an address e-mail can be sent to as it is.
 *
 * @example isEmailAddress('ann@example.com') // true
 * @example isEmailAddress('ann@example') // false: no top-level domain
 */
export function isEmailAddress(value: string): boolean {
  if (value.length > 254) return false
  const at = value.lastIndexOf('@')
  if (at <= 0) return false
  const local = value.slice(0, at)
  const labels = value.slice(at + 1).split('.')
  if (local.length > 64 || !LOCAL.test(local)) return false
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false
  return TLD.test(labels.at(-1) ?? '')
}

/** The problem with an entered address, as the visitor or operator should read it. */
export const EMAIL_ADDRESS_PROBLEM =
  'must be an e-mail address like name@example.com (letters, digits and . _ % + - before the @, a domain with a dot after it)'

/** The address as it is compared and kept on suppression lists. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase()
}
