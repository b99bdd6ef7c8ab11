import type { Contact } from '../../shared/widget-api'

// The rules of shared/widget-api.ts's Contact schema, without zod (the chat chunk's
// budget): tests/shared/widget-api.test.ts checks both agree.

/** A dot-atom local part, a domain of LDH labels (any script) and a letter TLD; 64/254 characters at most. */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)(?=.{6,254}$)[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[A-Za-z0-9-]{1,59})$/u
/** Digits, spaces, +, -, ( and ): 5 to 32 characters, at least 3 of them digits. */
export const PHONE_PATTERN = /^(?=(?:\D*\d){3})[\d +()-]{5,32}$/

/** The first given field that breaks its rule (an empty field is not given). */
export function invalidContactField(contact: Contact): 'email' | 'phone' | undefined {
  const email = contact.email?.trim()
  const phone = contact.phone?.trim()
  if (email && !EMAIL_PATTERN.test(email)) return 'email'
  if (phone && !PHONE_PATTERN.test(phone)) return 'phone'
  return undefined
}
