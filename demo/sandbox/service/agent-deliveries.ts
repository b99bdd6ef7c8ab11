import type { AgentMessage } from '../../../shared/protocol'
import { deliverAgentMessage } from '../delivery/agent-delivery'
import type { AttemptOutcome } from '../delivery/attempts'
import type { SandboxTimings } from '../options'
import { settled, withAttempt } from './chat-record'
import type { Chats } from './chats'
import type { DeliveryLog } from './model'
import type { Pending } from './pending'
import type { Registry } from './registry'
import { sentAttempt, type TrafficLog } from './traffic-log'

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
 * ../delivery/agent-delivery.ts). Deliveries keep the chat's and the entry's ids across
 * their waits and write each step through the chats repository, to the chat as it is then.
 */
export interface AgentDeliveries {
  /** Delivers a thread entry; a final failure adds an error line the agent sees. */
  deliverEntry(
    chatId: string,
    entryId: string,
    sender: { name: string; photo?: string },
  ): Promise<DeliveryLog>
  /** Delivers a body kept in no thread (typing) with up to `attempts` attempts, logged as traffic. */
  deliver(chatId: string, body: AgentMessage, attempts: number): Promise<DeliveryLog>
}

/** Applies a change to a delivery log wherever it is kept; returns the log as changed. */
type WriteLog = (change: (delivery: DeliveryLog) => DeliveryLog) => DeliveryLog

const PENDING: DeliveryLog = { status: 'pending', attempts: [] }

export function createAgentDeliveries(context: AgentDeliveriesContext): AgentDeliveries {
  const { registry, chats, traffic, timings, pending } = context

  const run = (
    chatId: string,
    body: AgentMessage,
    attempts: number,
    log: WriteLog,
  ): Promise<DeliveryLog> => {
    const onAttempt = (attempt: number, outcome: AttemptOutcome, url: string) => {
      log((delivery) => withAttempt(delivery, attempt, outcome, Date.now()))
      traffic.record(sentAttempt({ interface: 'A3', url, request: body, chatId }, attempt, outcome))
    }
    const delivery = deliverAgentMessage({
      channel: () => registry.channel(chats.get(chatId).channelId),
      body,
      timings,
      attempts,
      onAttempt,
    }).then((result) => log((current) => settled(current, result)))
    return pending.track(delivery)
  }

  return {
    deliverEntry(chatId, entryId, sender) {
      const chat = chats.get(chatId)
      const { message } = chats.entry(chatId, entryId)
      if (!message) throw new Error('sandbox: a thread entry without a message cannot be delivered')
      const body = { sender, recipient: { id: chat.senderId }, message }
      const log: WriteLog = (change) =>
        chats.updateEntry(chatId, entryId, (entry) => ({
          ...entry,
          delivery: change(entry.delivery ?? PENDING),
        })).delivery ?? PENDING
      return run(chatId, body, timings.deliveryAttempts, log).then((result) => {
        if (result.status === 'failed') {
          chats.add(chatId, {
            author: 'system',
            level: 'error',
            text: `Message not delivered: ${result.error}`,
          })
        }
        return result
      })
    },
    deliver(chatId, body, attempts) {
      let delivery = PENDING
      return run(chatId, body, attempts, (change) => {
        delivery = change(delivery)
        return delivery
      })
    },
  }
}
