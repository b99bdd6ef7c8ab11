import { belongsTo, createClientId } from '../model/client-id'
import type { OutboxItem } from '../model/outbox-item'
import type { PersistedConversation } from './persisted'

/** What sending a message again works with (customer-messages.ts). */
export interface Resending {
  conversation: PersistedConversation
  sender: { flushNow(): Promise<void> }
  /** A new outbox item with this id and text (the page's address attached). */
  outboxItem(id: string, text: string): OutboxItem
}

// "Retry" of a failed message and "Send now" of a delayed one: a chunk of its own,
// fetched at the first click, since most conversations never show either button.

/** A sent message as it was queued, from its entries (long text was split into parts). */
function sentItem({ conversation, outboxItem }: Resending, id: string): OutboxItem | undefined {
  const parts = conversation.get().entries.filter((entry) => belongsTo(entry.clientId, id))
  const content = parts[0]?.content
  // An attachment's link is /files/<its upload id>/<name>.
  const fileId = content?.type !== 'text' && content?.file?.match(/\/files\/([0-9a-f]{48})\//)?.[1]
  if (fileId) return { ...outboxItem(id, ''), fileId, content }
  const text = parts
    .map((entry) => (entry.content.type === 'text' ? entry.content.text : ''))
    .join('')
  return text.trim() ? outboxItem(id, text) : undefined
}

/** Sends a failed message again under a new id (the refused id is spent). */
export function retry(resending: Resending, id: string): void {
  const { conversation, sender } = resending
  const item =
    conversation.get().outbox.find((queued) => queued.id === id) ?? sentItem(resending, id)
  if (!item) return
  conversation.dispatch({
    type: 'queue',
    item: { ...item, id: createClientId() },
    replaces: id,
  })
  void sender.flushNow()
}

/** A delayed message: the backend tries it again now (the same id). */
export function sendNow(resending: Resending, id: string): void {
  const item = sentItem(resending, id)
  if (!item) return
  resending.conversation.dispatch({ type: 'queue', item })
  void resending.sender.flushNow()
}
