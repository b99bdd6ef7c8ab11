import { EMAIL_PATTERN, EMAIL_PROBLEM } from '../../shared/contact-rules'

/**
 * True for an address e-mail can be sent to as it is: the one rule of every place an
 * address is entered (shared/contact-rules.ts, which the widget checks too),
 * so nothing stored can break a header or name a second recipient.
 *
 * @example isEmailAddress('ann@example.com') // true
 * @example isEmailAddress('ann@example') // false: no top-level domain
 */
export function isEmailAddress(value: string): boolean {
  return value !== '' && EMAIL_PATTERN.test(value)
}

/** The problem with an entered address, as the visitor or operator should read it. */
export const EMAIL_ADDRESS_PROBLEM = EMAIL_PROBLEM

/** The address as it is compared and kept on suppression lists. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase()
}
