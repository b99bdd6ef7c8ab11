import type { StreamEvent } from '../../shared/widget-api'
import { isDeliveryState, parseContact, parseStatusResponse } from './api-bodies'
import { parseConversationEntry } from './conversation-entry'
import { parseReadMarker } from './history-bodies'
import { isRecord, isString, optional } from './read'

/**
 * Parses one SSE event of GET /api/events like parseStreamEvent of
 * shared/widget-api.ts; undefined for unknown names or bad data.
 */
export function parseStreamEvent(event: string, data: string): StreamEvent | undefined {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return undefined
  }
  switch (event) {
    case 'message': {
      const entry = parseConversationEntry(json)
      return entry && { event, data: entry }
    }
    case 'typing':
      if (!isRecord(json) || typeof json.typing !== 'boolean') return undefined
      if (isString(json.name)) return { event, data: { typing: json.typing, name: json.name } }
      return json.name === undefined ? { event, data: { typing: json.typing } } : undefined
    case 'status': {
      const status = parseStatusResponse(json)
      return status && { event, data: status }
    }
    case 'contact': {
      const contact = parseContact(json)
      return contact && { event, data: contact }
    }
    case 'read': {
      const marker = parseReadMarker(json)
      return marker && { event, data: marker }
    }
    case 'delivery': {
      if (!isRecord(json) || !isString(json.clientId) || !isDeliveryState(json.state))
        return undefined
      if (!optional(json.error, isString)) return undefined
      const data = { clientId: json.clientId, state: json.state }
      return { event, data: isString(json.error) ? { ...data, error: json.error } : data }
    }
    default:
      return undefined
  }
}
