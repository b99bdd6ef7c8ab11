import type { Contact, PublicOfflineForm } from '../../../shared/widget-api'

export type ContactField = keyof Contact
export type AskedField = { key: ContactField; required: boolean }

const KEYS: ContactField[] = ['name', 'email', 'phone']

/**
 * The contact fields the offline form asks for: those the site owner shows (all, without
 * settings), less what the visitor's one profile already holds. Once an e-mail or a phone
 * is known someone can answer, so only fields the owner requires are still asked; none
 * left means no form, just the message box.
 *
 * @example formFields(undefined, { email: 'ann@example.com' }) // []
 */
export function formFields(form: PublicOfflineForm | undefined, contact: Contact): AskedField[] {
  const reachable = Boolean(contact.email || contact.phone)
  return KEYS.flatMap((key) => {
    const field = form?.fields[key] ?? { shown: true, required: false }
    return field.shown && !contact[key]?.trim() && (field.required || !reachable)
      ? [{ key, required: field.required }]
      : []
  })
}
