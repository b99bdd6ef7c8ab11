import type { Logger } from '../../../server/logging/logger'
import type { MailboxEvent } from '../mail/mailbox'
import type { ChannelView, ConsoleState } from './console-state'
import type { Agent, BotProvider, Chat } from './model'
import type { TrafficEntry } from './traffic-log'

export type { ChannelView, ConsoleState } from './console-state'

/** What the live stream (/console/api/events) carries: each event's data is the new state. */
export type SandboxEvent =
  | { type: 'chat'; chat: Chat }
  | { type: 'agents'; agents: Agent[] }
  | { type: 'channels'; channels: ChannelView[] }
  | { type: 'bot-providers'; botProviders: BotProvider[] }
  | { type: 'traffic'; entry: TrafficEntry }
  | MailboxEvent

/** The stream's first event: the whole state, so nothing is missed between load and subscribe. */
export type SnapshotEvent = { type: 'snapshot'; state: ConsoleState }

type Listener = (event: SandboxEvent) => void

/** A tiny fan-out: the console streams and tests subscribe to what changes. */
export interface SandboxEvents {
  /** Returns the unsubscribe function. */
  subscribe(listener: Listener): () => void
  /** How many subscribers there are (live console streams included). */
  readonly size: number
  emit(event: SandboxEvent): void
}

export function createSandboxEvents(logger: Logger): SandboxEvents {
  const listeners = new Set<Listener>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    get size() {
      return listeners.size
    },
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event)
        } catch (error) {
          // One broken subscriber must not stop the others or the service.
          logger.error('sandbox: an event listener threw', { error })
        }
      }
    },
  }
}
