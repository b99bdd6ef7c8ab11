import type { PostMessageResponse, SessionResponse } from '../../shared/widget-api'
import { isDeliveryState, parseContact } from './api-bodies'
import { parseEntries } from './history-bodies'
import { isRecord, isString } from './read'

// Mirrors SessionResponse and PostMessageResponse of shared/widget-api.ts.

export function parseSessionResponse(value: unknown): SessionResponse | undefined {
  if (!isRecord(value) || !isString(value.visitorId) || !isString(value.token)) return undefined
  const contact = parseContact(value.contact)
  return contact && { visitorId: value.visitorId, token: value.token, contact }
}

export function parsePostMessageResponse(value: unknown): PostMessageResponse | undefined {
  if (!isRecord(value) || !isDeliveryState(value.delivery)) return undefined
  const entries = parseEntries(value.entries)
  return entries && { entries, delivery: value.delivery }
}
