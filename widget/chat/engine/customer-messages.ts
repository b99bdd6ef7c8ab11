import type { EntryContent } from '../../../shared/widget-api'
import type { WidgetContext } from '../../loader/context'
import type { RequestOptions } from '../../protocol/request'
import { belongsTo, createClientId } from '../model/client-id'
import type { OutboxItem } from '../model/outbox-item'
import { newMessage, outboxItem } from '../model/outbox-item'
import { onDemand } from './on-demand'
import { createOutboxSender } from './outbox-sender'
import type { PersistedConversation } from './persisted'
import { createTypingSender } from './typing-sender'

const noop = (): void => {}

/** A backend call with the visitor's token. */
export type Call = (path: string, options?: RequestOptions) => Promise<unknown>

/**
 * The customer's side of the conversation: sending (through the outbox, one message at
 * a time, retried), "Retry" of a failed message (under a new id), "Send now" of a
 * delayed one (the same id again) and typing notifications.
 */
export function createCustomerMessages(
  context: WidgetContext,
  conversation: PersistedConversation,
  call: Call,
  /** The token was refused: a new session before trying once more. */
  renewSession: () => Promise<void>,
) {
  const { emitter } = context
  const isQueued = (item: OutboxItem): boolean =>
    (conversation.get().delivery[item.id]?.state ?? 'queued') === 'queued'
  const sender = createOutboxSender({
    post: ({ id, text, fileId, url, invite }) =>
      call('api/messages', {
        method: 'POST',
        body: fileId
          ? { id, type: 'file', fileId, url, invite }
          : { id, type: 'text', text, url, invite },
      }),
    next: () => conversation.get().outbox.find(isQueued),
    current: ({ id }) => {
      const { outbox, delivery } = conversation.get()
      return id in delivery || outbox.some((item) => item.id === id)
    },
    accepted: (item, response) => {
      conversation.dispatch({
        type: 'accepted',
        id: item.id,
        entries: response.entries,
        state: response.delivery,
      })
      for (const entry of response.entries) emitter.emit('sent', entry)
    },
    refused: (item, error) => {
      conversation.dispatch({
        type: 'delivery',
        clientId: item.id,
        delivery: { state: 'failed', error: error.message },
      })
      emitter.emit('error', { code: error.code, message: error.message })
    },
    renewSession,
  })

  const typing = createTypingSender((type) => {
    // Typing is a momentary hint: a lost one is not worth a retry or an error.
    // A typeout may be sent as the page goes away: keepalive lets it outlive the page.
    call('api/messages', {
      method: 'POST',
      body: { id: createClientId(), type },
      keepalive: type === 'typeout',
    }).catch(() => {})
  })

  function queue(item: OutboxItem): void {
    typing.stop()
    conversation.dispatch({ type: 'queue', item })
    void sender.flush()
  }

  function send(text: string): void {
    if (text.trim()) queue(newMessage(context, text.trim()))
  }

  /** An uploaded attachment (POST /api/uploads), shown as `content` until its entry arrives. */
  function sendFile(fileId: string, content: EntryContent): void {
    queue(newMessage(context, '', { fileId, content }))
  }

  /**
   * Messages the customer sent before the engine ran (controller.ts stored them): queued
   * unless the stored outbox or the log has them already.
   */
  function adopt(items: OutboxItem[]): void {
    const { outbox, entries } = conversation.get()
    for (const item of items)
      if (
        !outbox.some((queued) => queued.id === item.id) &&
        !entries.some((entry) => belongsTo(entry.clientId, item.id))
      )
        conversation.dispatch({ type: 'queue', item })
    void sender.flush()
  }

  // "Retry" and "Send now": their code is fetched at the first click (resend.ts); a click
  // while it cannot load does nothing, and the button stays for the next one.
  const resend = onDemand(() => import('./resend'))
  const resending = {
    conversation,
    sender,
    outboxItem: (id: string, text: string) => outboxItem(context, id, text),
  }
  const retry = (id: string): void =>
    void resend().then((module) => module.retry(resending, id), noop)
  const sendNow = (id: string): void =>
    void resend().then((module) => module.sendNow(resending, id), noop)

  return { sender, typing, send, sendFile, adopt, retry, sendNow }
}
