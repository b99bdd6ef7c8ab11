import type { ErrorBody } from '../../shared/protocol/errors'
import type { DeliveryState, StatusResponse, StoredContact } from '../../shared/widget-api'
import { DELIVERY_STATES } from '../../shared/widget-api/delivery-states'
import { isRecord, isString } from './read'

// Reads the small response schemas of shared/widget-api.ts and ErrorBody (the loader
// uses these; the chat's own bodies are in chat-bodies.ts, kept out of the loader).

export function isDeliveryState(value: unknown): value is DeliveryState {
  return (DELIVERY_STATES as readonly unknown[]).includes(value)
}

/** The visitor's contact profile (StoredContact): `emailUnsubscribed` once the address unsubscribed from e-mails. */
export function parseContact(value: unknown): StoredContact | undefined {
  if (!isRecord(value)) return undefined
  const contact: StoredContact = {}
  for (const key of ['name', 'email', 'phone'] as const) {
    const field = value[key]
    if (isString(field)) contact[key] = field
    else if (field !== undefined) return undefined
  }
  const unsubscribed = value.emailUnsubscribed
  if (typeof unsubscribed === 'boolean') contact.emailUnsubscribed = unsubscribed
  else if (unsubscribed !== undefined) return undefined
  return contact
}

export function parseStatusResponse(value: unknown): StatusResponse | undefined {
  return isRecord(value) && typeof value.online === 'boolean' ? { online: value.online } : undefined
}

export function parseErrorBody(value: unknown): ErrorBody | undefined {
  if (!isRecord(value) || !isRecord(value.error)) return undefined
  const { code, message } = value.error
  if (!isString(code) || code.length === 0 || !isString(message)) return undefined
  return { error: { code, message } }
}
