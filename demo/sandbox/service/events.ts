import type { Logger } from '../../../server/logging/logger'
import type { SandboxTimings } from '../options'
import type { Agent, BotProvider, Channel, Chat } from './model'
import type { TrafficEntry } from './traffic-log'

/** A channel as the console and control API show it: with its full endpoint. */
export type ChannelView = Channel & {
  /** The channel endpoint: {base}/{random}/{CHANNEL_PUBLIC_ID}. A secret for integrators. */
  endpoint: string
  /** Where A3 agent messages go: {webhook_url}/{CHANNEL_PUBLIC_ID}. */
  deliveryUrl: string
}

/** Everything the console shows, sent first on every live stream and at GET /console/api/state. */
export type ConsoleState = {
  publicUrl: string
  timings: SandboxTimings
  channels: ChannelView[]
  agents: Agent[]
  botProviders: BotProvider[]
  chats: Chat[]
}

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
