import type { PublicOfflineForm } from '../../shared/widget-api'
import { isRecord, isString, type Json, optional, pick } from './read'

// The public config's `offlineForm`, parsed by the chat that shows the form, so the loader
// does not carry its rules (parsePublicConfig checks only that it is an object). Mirrors
// PublicOfflineForm of shared/widget-api.ts (tests/widget/protocol checks they agree).

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'

const FIELDS = ['name', 'email', 'phone', 'message'] as const

/** Parses the config's `offlineForm`; undefined when unreadable. */
export function parseOfflineForm(value: unknown): PublicOfflineForm | undefined {
  if (!isRecord(value) || !optional(value.intro, isString) || !isRecord(value.fields))
    return undefined
  const fields: Json = value.fields
  const known = Object.keys(fields).every((key) => (FIELDS as readonly string[]).includes(key))
  const readable = FIELDS.every(
    (key) =>
      isRecord(fields[key]) &&
      isBoolean((fields[key] as Json).shown) &&
      isBoolean((fields[key] as Json).required),
  )
  if (!known || !readable) return undefined
  const form: PublicOfflineForm = {
    fields: Object.fromEntries(
      FIELDS.map((key) => [key, pick(fields[key] as Json, ['shown', 'required'])]),
    ) as PublicOfflineForm['fields'],
  }
  if (isString(value.intro)) form.intro = value.intro
  return form
}
