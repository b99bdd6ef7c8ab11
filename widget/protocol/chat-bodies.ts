import type { PostMessageResponse, SessionResponse } from '../../shared/widget-api'
import { isDeliveryState, parseContact } from './api-bodies'
import { parseConversationEntry } from './conversation-entry'
import { isRecord, isString } from './read'

// Mirrors SessionResponse and PostMessageResponse of shared/widget-api.ts.

export function parseSessionResponse(value: unknown): SessionResponse | undefined {
  if (!isRecord(value) || !isString(value.visitorId) || !isString(value.token)) return undefined
  const contact = parseContact(value.contact)
  return contact && { visitorId: value.visitorId, token: value.token, contact }
}

export function parsePostMessageResponse(value: unknown): PostMessageResponse | undefined {
  if (!isRecord(value) || !Array.isArray(value.entries) || !isDeliveryState(value.delivery)) {
    return undefined
  }
  const entries = value.entries.map(parseConversationEntry)
  if (entries.some((entry) => entry === undefined)) return undefined
  return { entries: entries.flatMap((entry) => (entry ? [entry] : [])), delivery: value.delivery }
}
