import type { Contact } from '../../shared/widget-api'
import type { ChatApi, WidgetContext } from '../loader/context'
import { isRecord } from '../protocol/read'

// Porthole.setAttributes(), loaded on its first call. The protocol's customer fields are
// sender.name/email/phone (the profile) and sender.url: the profile fields go to the
// profile, every other attribute rides in the page address sent with each message, as
// `ph.<name>=<value>` query parameters (agents see them with the page; the sandbox's
// customer card lists them).

export const MAX_ATTRIBUTES = 20
const MAX_NAME = 40
const MAX_VALUE = 200
/** sender.url's limit (shared/url.ts HttpUrl). */
const MAX_URL = 2048
const PROFILE = ['name', 'email', 'phone'] as const

/** The page address with the attributes as `ph.` parameters (replacing earlier ones). */
export function urlWithAttributes(href: string, attributes: Record<string, string>): string {
  const url = new URL(href)
  for (const name of [...url.searchParams.keys()])
    if (name.startsWith('ph.')) url.searchParams.delete(name)
  for (const [name, value] of Object.entries(attributes))
    url.searchParams.append(`ph.${name}`, value)
  return url.href.length <= MAX_URL ? url.href : href
}

/** Checks the attributes; the message says which one is wrong and why. */
export function readAttributes(value: unknown): Record<string, string | null> {
  if (!isRecord(value)) throw new TypeError('Porthole.setAttributes expects an object')
  const entries = Object.entries(value)
  if (entries.length > MAX_ATTRIBUTES)
    throw new TypeError(`Porthole.setAttributes takes at most ${MAX_ATTRIBUTES} attributes`)
  const read: Record<string, string | null> = {}
  for (const [name, item] of entries) {
    if (!/^[\w-]+$/.test(name) || name.length > MAX_NAME)
      throw new TypeError(
        `Porthole.setAttributes: "${name}" must be 1 to ${MAX_NAME} letters, digits, _ or -`,
      )
    if (item === null) read[name] = null
    else if (
      ['string', 'number', 'boolean'].includes(typeof item) &&
      String(item).length <= MAX_VALUE
    )
      read[name] = String(item)
    else
      throw new TypeError(
        `Porthole.setAttributes: ${name} must be a string, number or boolean of at most ${MAX_VALUE} characters, or null to remove it`,
      )
  }
  return read
}

const kept = new WeakMap<WidgetContext, Record<string, string>>()

/**
 * Applies Porthole.setAttributes: name, email and phone update the profile (as
 * setContact, checked the same way); the others are merged into the attributes the
 * next messages carry (null removes one). Rejects with a TypeError on bad input,
 * changing nothing.
 */
export async function setAttributes(
  value: unknown,
  context: WidgetContext,
  withChat: <T>(call: (chat: ChatApi) => Promise<T>) => Promise<T>,
): Promise<void> {
  const read = readAttributes(value)
  const contact: Contact = {}
  const custom = { ...kept.get(context) }
  for (const [name, item] of Object.entries(read)) {
    if ((PROFILE as readonly string[]).includes(name)) {
      if (item !== null) contact[name as (typeof PROFILE)[number]] = item
    } else if (item === null) delete custom[name]
    else custom[name] = item
  }
  if (Object.keys(contact).length > 0) await withChat((chat) => chat.setContact(contact))
  kept.set(context, custom)
  context.url = () => urlWithAttributes(location.href, custom)
}
