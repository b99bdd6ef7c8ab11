import { parseEntryContent } from '../../protocol/conversation-entry'
import { isRecord, isString, type Json } from '../../protocol/read'
import type { OutboxItem } from './outbox-item'

/**
 * Reads a stored outbox. Its items' states live in the conversation's delivery map;
 * an outbox stored before that kept `state: 'failed'` (and `error`) on the item: those
 * items are returned in `failed`, by id, to be read with parseDeliveries.
 */
export function parseOutbox(value: unknown): { items: OutboxItem[]; failed: Json } {
  const failed: Json = {}
  const items = (Array.isArray(value) ? value : []).flatMap((item): OutboxItem[] => {
    if (
      !isRecord(item) ||
      !isString(item.id) ||
      !isString(item.text) ||
      typeof item.at !== 'number'
    )
      return []
    const parsed: OutboxItem = { id: item.id, text: item.text, at: item.at }
    if (isString(item.url)) parsed.url = item.url
    if (isString(item.invite)) parsed.invite = item.invite
    if (isString(item.fileId)) {
      parsed.fileId = item.fileId
      parsed.content = parseEntryContent(item.content)
    }
    if (item.state === 'failed') failed[item.id] = item
    return [parsed]
  })
  return { items, failed }
}
