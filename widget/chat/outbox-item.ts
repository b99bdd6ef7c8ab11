import type { WidgetContext } from '../loader/context'
import { isHttpUrl } from '../protocol/http-url'
import { createClientId } from './client-id'
import type { OutboxItem } from './outbox'

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
