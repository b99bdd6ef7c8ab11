import type { StoredContact, StreamEvent } from '../../../shared/widget-api'
import type { WidgetContext } from '../../loader/context'
import type { ConversationEvent } from '../model/conversation'
import type { Delivery } from '../model/message-state'
import type { createCatchUp } from './catch-up'

export const AGENT_TYPING_TIMEOUT_MS = 30_000

export type AgentTyping = { name?: string } | undefined

/**
 * What the live stream says, applied: entries (through the catch-up, in chunks),
 * typing (hidden on typeout, on a reply, or after 30 s), status, the read marker, the
 * visitor's contact (given on another device or to the bot) and delivery states.
 */
export function createStreamEvents(
  { ui, emitter }: WidgetContext,
  dispatch: (event: ConversationEvent) => void,
  catchUp: ReturnType<typeof createCatchUp>,
  setTyping: (typing: AgentTyping) => void,
  setContact: (contact: StoredContact) => void,
  /** The lifecycle the conversation knows of a message (by client id). */
  deliveryOf: (clientId: string) => Delivery | undefined,
) {
  let timer: ReturnType<typeof setTimeout> | undefined

  function showTyping(typing: AgentTyping): void {
    clearTimeout(timer)
    setTyping(typing)
    if (typing) timer = setTimeout(() => setTyping(undefined), AGENT_TYPING_TIMEOUT_MS)
  }

  return {
    showTyping,
    onEvent(event: StreamEvent): void {
      switch (event.event) {
        case 'message':
          catchUp.push(event.data)
          break
        case 'typing':
          showTyping(event.data.typing ? { name: event.data.name } : undefined)
          break
        case 'status':
          // Outside business hours (the status poll's `away`) nobody answers, whoever is online.
          ui.set({ online: event.data.online && !ui.get().away })
          break
        case 'read':
          dispatch({ type: 'read', upTo: event.data.upTo })
          break
        case 'contact':
          setContact(event.data)
          break
        case 'delivery': {
          const { clientId, state, error } = event.data
          // Every stream open repeats the state of each unsent message: a failure kept
          // from before is not news for the page.
          const known = deliveryOf(clientId)?.state === 'failed'
          dispatch({ type: 'delivery', clientId, delivery: event.data })
          if (state === 'failed' && !known)
            emitter.emit('error', {
              code: 'delivery_failed',
              message: error ?? 'A message could not be delivered',
            })
        }
      }
    },
  }
}
