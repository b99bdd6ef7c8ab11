import type { ConversationEntry, EndReason } from '../../shared/widget-api'

/** Events of the public JS API (Porthole.on / Porthole.off). */
export interface WidgetEvents {
  ready: undefined
  open: undefined
  close: undefined
  /** A message from an agent, bot or the system arrived. */
  message: ConversationEntry
  /** One of the customer's messages was accepted by the backend. */
  sent: ConversationEntry
  status: { online: boolean }
  unread: { count: number }
  error: { code: string; message: string }
  /** The first agent message of a conversation arrived (the protocol has no join event). */
  agentJoined: { name?: string }
  /** The conversation ended: the service closed the chat, or it was idle for the site's time. */
  conversationEnded: { reason: EndReason }
}
export type WidgetEventName = keyof WidgetEvents
export type Listener<K extends WidgetEventName> = (payload: WidgetEvents[K]) => void

export const EVENT_NAMES: readonly WidgetEventName[] = [
  'ready',
  'open',
  'close',
  'message',
  'sent',
  'status',
  'unread',
  'error',
  'agentJoined',
  'conversationEnded',
]

export interface Emitter {
  on<K extends WidgetEventName>(name: K, listener: Listener<K>): void
  off<K extends WidgetEventName>(name: K, listener: Listener<K>): void
  /** An event without a payload (ready, open, close) is emitted with its name alone. */
  emit<K extends WidgetEventName>(
    name: K,
    ...payload: WidgetEvents[K] extends undefined ? [] : [WidgetEvents[K]]
  ): void
}

export function createEmitter(): Emitter {
  const listeners = new Map<WidgetEventName, Set<(payload: never) => void>>()
  return {
    on(name, listener) {
      listeners.set(
        name,
        (listeners.get(name) ?? new Set()).add(listener as (payload: never) => void),
      )
    },
    off(name, listener) {
      listeners.get(name)?.delete(listener as (payload: never) => void)
    },
    emit(name: WidgetEventName, payload?: unknown) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        // A site owner's failing handler must not break the widget or other handlers.
        try {
          ;(listener as (payload: unknown) => void)(payload)
        } catch (error) {
          console.error(`Porthole: a "${name}" handler threw:`, error)
        }
      }
    },
  }
}
