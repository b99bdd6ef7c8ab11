import type { Contact, PublicConfig } from '../../../shared/widget-api'
import { isRecord, isString } from '../../protocol/read'

export type PreChat = NonNullable<PublicConfig['preChat']>
export type PreChatField = PreChat['fields'][number]
export type ContactField = keyof Contact
/** One field the form shows: its key, and whether the visitor must fill it in. */
export type AskedField = { key: PreChatField; required: boolean }

const FIELDS: readonly string[] = ['name', 'email', 'phone', 'consent']
const VERSION = /^[A-Za-z0-9._-]{1,64}$/

/**
 * The config's `preChat` (the loader checked only that it is an object); undefined when
 * unreadable or empty. Mirrors PublicConfig's preChat in shared/widget-api/site-config.ts.
 */
export function readPreChat(value: unknown): PreChat | undefined {
  if (!isRecord(value) || !Array.isArray(value.fields) || !Array.isArray(value.required)) return
  const fields = value.fields.filter((field): field is PreChatField => FIELDS.includes(field))
  if (fields.length === 0) return
  const required = value.required.filter(
    (field): field is ContactField => field !== 'consent' && fields.includes(field),
  )
  const preChat: PreChat = { fields, required }
  if (fields.includes('consent')) {
    const consent = isRecord(value.consent) ? value.consent : {}
    preChat.consent = {
      version: isString(consent.version) && VERSION.test(consent.version) ? consent.version : '',
      ...(isString(consent.text) && consent.text.trim() ? { text: consent.text } : {}),
      ...(isString(consent.url) && /^https:\/\//i.test(consent.url) ? { url: consent.url } : {}),
    }
  }
  return preChat
}

/**
 * The fields the form asks: none when the visitor's one profile holds every required
 * field and the consent of this version was given (the form is then not shown); else
 * every shown field the profile lacks, in the site owner's order. A shown consent is
 * always required.
 *
 * @example askedFields({ fields: ['name', 'email'], required: ['email'] }, { email: 'a@b.co' }, undefined) // []
 */
export function askedFields(
  preChat: PreChat,
  contact: Contact,
  agreedVersion: string | undefined,
): AskedField[] {
  const known = (key: PreChatField) =>
    key === 'consent'
      ? preChat.consent?.version !== '' && agreedVersion === preChat.consent?.version
      : Boolean(contact[key]?.trim())
  const asked = preChat.fields
    .filter((key) => !known(key))
    .map((key) => ({
      key,
      required: key === 'consent' || (preChat.required as string[]).includes(key),
    }))
  return asked.some((field) => field.required) ? asked : []
}
