import type { EntryContent } from '../../../shared/widget-api'
import type { WidgetContext } from '../../loader/context'
import { isHttpUrl } from '../../protocol/http-url'
import { createClientId } from './client-id'

/** A customer message not yet accepted by the backend (IndexedDB key "outbox"). */
export interface OutboxItem {
  /** The ClientId: retrying with the same id is safe, the backend keeps it once. */
  id: string
  /** Empty for an attachment. */
  text: string
  /** An attachment (POST /api/uploads' id), sent as `{type: 'file', fileId}`. */
  fileId?: string
  /** How the attachment shows until the backend's entry arrives (a photo or a document). */
  content?: EntryContent
  /** The page the customer was on when they wrote it (sender.url). */
  url?: string
  /** The invitation this message answers (sender.invite). */
  invite?: string
  at: number
}

/** A new outbox item with this id and text, the page's address attached. */
export function outboxItem(context: WidgetContext, id: string, text: string): OutboxItem {
  const item: OutboxItem = { id, text, at: Date.now() }
  // The page, with Porthole.setAttributes' values (widget/extras/attributes.ts).
  const url = context.url()
  if (isHttpUrl(url)) item.url = url
  return item
}

/**
 * The customer's new message (a text, or an attachment's `extra`): it answers the
 * invitation they replied to, if any, which is then spent. Used by the engine
 * (customer-messages.ts) and, before the engine runs, by the chat window (controller.ts).
 */
export function newMessage(
  context: WidgetContext,
  text: string,
  extra?: Partial<OutboxItem>,
): OutboxItem {
  const item = { ...outboxItem(context, createClientId(), text), ...extra }
  const { inviteAnswer } = context.ui.get()
  if (inviteAnswer) {
    item.invite = inviteAnswer
    context.ui.set({ inviteAnswer: undefined })
    void context.storage.del('invite-answer')
  }
  return item
}
