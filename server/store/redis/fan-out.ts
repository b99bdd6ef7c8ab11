import type { ConversationEntry } from '../../../shared/widget-api'
import type { VisitorEvent } from '../types'
import type { RedisKeys } from './keys'
import { compareStreamIds } from './stream-id'
import { decodeMessage } from './wire'

type Listener = (event: VisitorEvent) => void

/**
 * One Redis channel this instance listens to, for one visitor. `lastId` is the newest
 * stored entry this instance has delivered (or that existed when it subscribed): after
 * the subscriber connection comes back, it catches up from there.
 */
type Channel = {
  visitorId: string
  listeners: Set<Listener>
  lastId: string
  /** False until the log's newest id was read: catching up before that would replay it all. */
  positioned: boolean
  /** True once SUBSCRIBE took effect; a failed one is sent again by the next start or catch-up. */
  live: boolean
  /** True from a failed start until the next one (a new listener or a catch-up starts it). */
  failed: boolean
  /** Settles once SUBSCRIBE is in effect and everything since subscribe() was delivered. */
  ready: Promise<void>
  /** Live events are held while this is above 0: a start, a catch-up or a lost connection. */
  holds: number
  /** True from a lost connection until the catch-up after it. */
  suspended: boolean
  /** Live events that arrived while held, delivered afterwards in order. */
  held: VisitorEvent[]
  /** Reads of the log run one at a time, in order, so none delivers past another's entries. */
  reading: Promise<void>
}

type Subscriber = {
  subscribe(channel: string, listener: (message: string, channel: string) => void): Promise<void>
  unsubscribe(channel: string, listener: (message: string, channel: string) => void): Promise<void>
}

export type RedisFanOutOptions = {
  subscriber: Subscriber
  keys: RedisKeys
  /** The newest entry id of a visitor's log ("0-0" when empty). */
  newestId(visitorId: string): Promise<string>
  /** Entries after `afterId`, oldest first (no waiting on subscriptions). */
  readAfter(visitorId: string, afterId: string, limit: number): Promise<ConversationEntry[]>
  onError(error: unknown): void
  /** The event of a message this instance published itself, known without decoding it. */
  known?(message: string): VisitorEvent | undefined
}

export type RedisFanOut = {
  subscribe(visitorId: string, listener: Listener): () => void
  /** True while this instance has a live subscription for the visitor. */
  listening(visitorId: string): boolean
  /** Resolves once this instance's subscription for the visitor (if any) is live. */
  ready(visitorId: string): Promise<void> | undefined
  /**
   * The subscriber connection dropped: hold live events from now on, since after the
   * reconnection they could overtake entries appended meanwhile.
   */
  suspend(): void
  /** Delivers what was appended while the subscriber connection was down, then what was held. */
  catchUp(): Promise<void>
  /**
   * A reader was given the visitor's log up to `id` (readAfter, readBefore): the
   * subscription first delivers, from the log, whatever it has not delivered up to there.
   * The live copies of those entries may still be on their way (pub/sub and commands use
   * two connections, so a read can overtake them): arriving afterwards, they are known
   * and not delivered again. Without this a stream that replays the log and then goes
   * live got such an entry twice.
   */
  reached(visitorId: string, id: string): Promise<void>
  /** Forgets every listener; closing the subscriber connection ends the subscriptions. */
  clear(): void
}

const CATCH_UP_PAGE = 500

/**
 * Fan-out across instances: one Redis channel per visitor, subscribed only by the
 * instances that hold a live stream of that visitor, so a message costs Redis one
 * delivery per interested instance rather than one per instance (PSUBSCRIBE would
 * send every message to every instance).
 */
export function createRedisFanOut(options: RedisFanOutOptions): RedisFanOut {
  const { subscriber, keys, onError } = options
  const channels = new Map<string, Channel>()

  function deliver(channel: Channel, event: VisitorEvent): void {
    if (event.event === 'message') {
      // Catch-up and the live channel can both carry an entry: each is delivered once.
      if (compareStreamIds(event.data.id, channel.lastId) <= 0) return
      channel.lastId = event.data.id
    }
    for (const listener of [...channel.listeners]) {
      try {
        listener(event)
      } catch (error) {
        onError(error)
      }
    }
  }

  function hold(channel: Channel): void {
    channel.holds += 1
  }

  function release(channel: Channel): void {
    channel.holds -= 1
    if (channel.holds > 0) return
    const held = channel.held
    channel.held = []
    for (const event of held) deliver(channel, event)
  }

  function serially(channel: Channel, read: () => Promise<void>): Promise<void> {
    const run = channel.reading.then(read)
    channel.reading = run.catch(() => {})
    return run
  }

  // One listener function for every channel: no closure per visitor.
  function onMessage(message: string, name: string): void {
    const channel = channels.get(name)
    if (!channel) return
    let event: VisitorEvent
    try {
      event = options.known?.(message) ?? decodeMessage(message)
    } catch (error) {
      onError(error)
      return
    }
    if (channel.holds > 0) channel.held.push(event)
    else deliver(channel, event)
  }

  async function position(channel: Channel, newest: Promise<string>): Promise<void> {
    const id = await newest
    if (compareStreamIds(id, channel.lastId) > 0) channel.lastId = id
    channel.positioned = true
  }

  async function readNew(channel: Channel): Promise<void> {
    for (;;) {
      const entries = await options.readAfter(channel.visitorId, channel.lastId, CATCH_UP_PAGE)
      for (const entry of entries) deliver(channel, { event: 'message', data: entry })
      if (entries.length < CATCH_UP_PAGE) return
    }
  }

  // SUBSCRIBE again if an earlier one failed (node-redis forgets the listener of a failed
  // SUBSCRIBE, and resubscribes after a reconnection only the channels it knows).
  async function goLive(name: string, channel: Channel): Promise<void> {
    if (channel.live) return
    await subscriber.subscribe(name, onMessage)
    channel.live = true
  }

  // Where the subscription starts is read at once, before any command this store sends
  // after subscribe(); what is appended from there until SUBSCRIBE takes effect is caught
  // up from the log, so a subscription misses nothing appended after subscribe() returns.
  // The channel is held (live events wait) when this is called; this releases that hold.
  async function start(name: string, channel: Channel): Promise<void> {
    const newest = channel.positioned ? undefined : options.newestId(channel.visitorId)
    // Awaited below; this only keeps an early rejection from counting as unhandled.
    newest?.catch(() => {})
    try {
      const live = goLive(name, channel)
      // Awaited below, after the position is kept: a failed SUBSCRIBE is sent again later
      // (catch-up, next listener) and the subscription still starts where it began.
      live.catch(() => {})
      if (newest) await serially(channel, () => position(channel, newest))
      await live
      await serially(channel, () => readNew(channel))
    } catch (error) {
      channel.failed = true
      throw error
    } finally {
      release(channel)
    }
  }

  function restart(name: string, channel: Channel): void {
    channel.failed = false
    hold(channel)
    channel.ready = start(name, channel)
    // Reported here; readAfter() rethrows it to the caller that waits on it.
    channel.ready.catch(onError)
  }

  async function catchUpChannel(name: string, channel: Channel): Promise<void> {
    hold(channel)
    try {
      // A start under way positions and catches up by itself, from where it began: a
      // position read now would skip what was appended since.
      if (!channel.positioned && !channel.failed) return
      await goLive(name, channel)
      await serially(channel, async () => {
        // A subscription whose start failed begins afresh: its caller was told.
        if (!channel.positioned) await position(channel, options.newestId(channel.visitorId))
        else await readNew(channel)
      })
      if (channel.failed) {
        channel.failed = false
        channel.ready = Promise.resolve()
      }
    } finally {
      if (channel.suspended) {
        channel.suspended = false
        release(channel)
      }
      release(channel)
    }
  }

  return {
    listening(visitorId) {
      return channels.get(keys.channel(visitorId))?.live === true
    },
    subscribe(visitorId, listener) {
      const name = keys.channel(visitorId)
      let channel = channels.get(name)
      if (!channel) {
        const created: Channel = {
          visitorId,
          listeners: new Set(),
          lastId: '0-0',
          positioned: false,
          live: false,
          failed: false,
          ready: Promise.resolve(),
          // Live events wait until the start position is known and caught up to.
          holds: 0,
          suspended: false,
          held: [],
          reading: Promise.resolve(),
        }
        channels.set(name, created)
        restart(name, created)
        channel = created
      } else if (channel.failed) {
        // Its start failed (its caller was told): the new listener starts it again.
        restart(name, channel)
      }
      const subscribed = channel
      subscribed.listeners.add(listener)
      return () => {
        subscribed.listeners.delete(listener)
        if (subscribed.listeners.size > 0 || channels.get(name) !== subscribed) return
        channels.delete(name)
        subscriber.unsubscribe(name, onMessage).catch(onError)
      }
    },
    ready(visitorId) {
      return channels.get(keys.channel(visitorId))?.ready
    },
    suspend() {
      for (const channel of channels.values()) {
        if (channel.suspended) continue
        channel.suspended = true
        hold(channel)
      }
    },
    async catchUp() {
      await Promise.all(
        [...channels].map(([name, channel]) => catchUpChannel(name, channel).catch(onError)),
      )
    },
    async reached(visitorId, id) {
      const channel = channels.get(keys.channel(visitorId))
      if (!channel?.positioned || compareStreamIds(id, channel.lastId) <= 0) return
      // Held meanwhile: a live event newer than the read must not overtake what it delivers.
      hold(channel)
      try {
        await serially(channel, () => readNew(channel))
      } finally {
        release(channel)
      }
    },
    clear() {
      channels.clear()
    },
  }
}
