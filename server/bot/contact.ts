import { isEmailAddress } from '../../shared/contact-rules'

/** Contact details a customer wrote into a message. */
export type Contact = { email?: string; phone?: string }

const EMAIL =
  /[\p{L}\p{N}_%+-]+(?:\.[\p{L}\p{N}_%+-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}/gu
// A run of digits with the separators people type in phone numbers.
const PHONE_CANDIDATE = /(?<![\p{L}\p{N}])\+?\(?\d[\d\s().-]{4,24}\d(?![\p{L}\p{N}])/gu
const DATE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4})$/
const THOUSANDS = /^\d{1,3}(?:[ ,.]\d{3})+$/

function isPhone(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '').length
  if (digits < 7 || digits > 15) return false
  if (DATE.test(candidate) || THOUSANDS.test(candidate)) return false
  if (candidate.startsWith('+') || digits >= 10) return true
  // Short local numbers only when written like one (555-1234, 123 45 67), not as a
  // bare run of digits, which is more often an order or account number.
  return /[\s().-]/.test(candidate)
}

/**
 * Finds an email address and a phone number in free text (the first of each).
 * Dates, amounts with thousands separators and bare short numbers are not phones.
 *
 * @example findContact('mail me: ann@example.com or +7 912 345-67-89')
 * // { email: 'ann@example.com', phone: '+7 912 345-67-89' }
 */
export function findContact(text: string): Contact | undefined {
  // Only an address e-mail can be sent to is kept (the rule of every entry point).
  const email = text.match(EMAIL)?.find(isEmailAddress)
  const rest = email ? text.replaceAll(email, ' ') : text
  const phone = [...rest.matchAll(PHONE_CANDIDATE)].map((match) => match[0].trim()).find(isPhone)
  if (!email && !phone) return undefined
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) }
}

// A word with an @ inside: what a customer meant as an address.
const ADDRESS_LIKE = /[^\s@<>()[\]"]+@[^\s@<>()[\]"]+/gu

/**
 * The first address-like word of `text` that is no working e-mail address
 * (`ann@example`, `ann@@example.com`), for the bot to say so; undefined when there is none.
 *
 * @example findMalformedEmail('it is ann@example') // 'ann@example'
 */
export function findMalformedEmail(text: string): string | undefined {
  return [...text.matchAll(ADDRESS_LIKE)]
    .map((match) => match[0].replace(/[.,;:!?]+$/u, ''))
    .find((word) => !isEmailAddress(word))
}

/** The contact as the bot repeats it back: "ann@example.com, +7 912 345-67-89". */
export function formatContact(contact: Contact): string {
  return [contact.email, contact.phone].filter(Boolean).join(', ')
}
