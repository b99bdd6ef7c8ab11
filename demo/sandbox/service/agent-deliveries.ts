import type { AgentMessage } from '../../../shared/protocol'
import { deliverAgentMessage } from '../delivery/agent-delivery'
import type { AttemptOutcome } from '../delivery/attempts'
import type { SandboxTimings } from '../options'
import type { Chats } from './chats'
import type { Chat, ChatEntry, Delivery } from './model'
import type { Pending } from './pending'
import type { Registry } from './registry'
import type { TrafficLog } from './traffic-log'

export type AgentDeliveriesContext = {
  registry: Registry
  chats: Chats
  traffic: TrafficLog
  timings: SandboxTimings
  pending: Pending
}

/**
 * A3 as the service sends it: agent and bot messages on their way to the integrator's
 * webhook, each with its delivery log in the chat (the HTTP attempts are in
 * ../delivery/agent-delivery.ts).
 */
export interface AgentDeliveries {
  /** Delivers a thread entry; a final failure adds an error line the agent sees. */
  deliverEntry(
    chat: Chat,
    entry: ChatEntry,
    sender: { name: string; photo?: string },
  ): Promise<Delivery>
  /** Delivers a body with up to `attempts` attempts, recording each in `delivery` and the log. */
  deliver(chat: Chat, delivery: Delivery, body: AgentMessage, attempts: number): Promise<Delivery>
}

export function createAgentDeliveries(context: AgentDeliveriesContext): AgentDeliveries {
  const { registry, chats, traffic, timings, pending } = context

  const deliver: AgentDeliveries['deliver'] = (chat, delivery, body, attempts) => {
    const onAttempt = (attempt: number, outcome: AttemptOutcome, url: string) => {
      const error = outcome.ok ? undefined : outcome.error
      delivery.attempts.push({
        attempt,
        at: Date.now(),
        ok: outcome.ok,
        ...(outcome.status ? { status: outcome.status } : {}),
        ...(error ? { error } : {}),
      })
      traffic.record({
        interface: 'A3',
        direction: 'out',
        method: 'POST',
        target: url,
        ok: outcome.ok,
        status: outcome.status,
        error,
        request: body,
        response: outcome.response,
        chatId: chat.id,
        attempt,
      })
      chats.changed(chat)
    }
    const run = deliverAgentMessage({
      channel: () => registry.channel(chat.channelId),
      body,
      timings,
      attempts,
      onAttempt,
    }).then((result) => {
      if (result.ok) {
        delivery.status = 'delivered'
      } else {
        delivery.status = 'failed'
        const plural = result.attempts === 1 ? '' : 's'
        delivery.error = `delivery failed after ${result.attempts} attempt${plural}: ${result.error}`
      }
      chats.changed(chat)
      return delivery
    })
    return pending.track(run)
  }

  return {
    deliverEntry(chat, entry, sender) {
      const delivery = entry.delivery ?? { status: 'pending', attempts: [] }
      const message = entry.message
      if (!message) throw new Error('sandbox: a thread entry without a message cannot be delivered')
      const body = { sender, recipient: { id: chat.senderId }, message }
      return deliver(chat, delivery, body, timings.deliveryAttempts).then((result) => {
        if (result.status === 'failed') {
          chats.add(chat, {
            author: 'system',
            level: 'error',
            text: `Message not delivered: ${result.error}`,
          })
        }
        return result
      })
    },
    deliver,
  }
}
