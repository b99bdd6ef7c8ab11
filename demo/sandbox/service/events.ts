import type { Logger } from '../../../server/logging/logger'
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

/** The stream's first event: the whole state, so nothing is missed between load and subscribe. */
export type SnapshotEvent = { type: 'snapshot'; state: ConsoleState }

type Listener = (event: SandboxEvent) => void

/** A tiny fan-out: the console streams and tests subscribe to what changes. */
export class SandboxEvents {
  #listeners = new Set<Listener>()
  readonly #logger: Logger

  constructor(logger: Logger) {
    this.#logger = logger
  }

  /** Returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** How many subscribers there are (live console streams included). */
  get size(): number {
    return this.#listeners.size
  }

  emit(event: SandboxEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event)
      } catch (error) {
        // One broken subscriber must not stop the others or the service.
        this.#logger.error('sandbox: an event listener threw', { error })
      }
    }
  }
}
