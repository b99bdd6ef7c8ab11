import { exactDelay } from '../../../shared/backoff'
import type { StreamEvent } from '../../../shared/widget-api'
import type { EventSourceClass } from '../../loader/context'
import { parseStreamEvent } from '../../protocol/stream-event'

const EVENT_NAMES = ['message', 'typing', 'status', 'read', 'contact', 'delivery'] as const

export interface EventStreamOptions {
  EventSource: EventSourceClass
  /**
   * The URL of the next connection: it carries a fresh single-use ticket and the latest
   * replay id. Throws when none can be had now (no network): tried again, backing off.
   */
  url: () => Promise<string>
  onEvent: (event: StreamEvent) => void
  /**
   * The browser gave up on the stream (the ticket expired, the token or the replay id
   * was refused, the server is full): `opened` says whether it was open since the last
   * URL. Check the session before the next connection.
   */
  onClosed: (opened: boolean) => Promise<void>
  /** The stream opened (true) or dropped (false: reconnecting, or waiting to). */
  onLink?: (up: boolean) => void
}

/** 1 s doubling to 30 s between reconnections. */
const RECONNECT_BACKOFF = { baseMs: 1000, maxMs: 30_000 }

/**
 * The live stream of GET /api/events. EventSource reconnects itself with Last-Event-ID
 * while its ticket is valid; when it gives up, this reconnects with a new URL after a
 * growing delay, so no agent reply is missed.
 */
export function openEventStream(options: EventStreamOptions) {
  let source: EventSource | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let stopped = false
  let generation = 0

  function later(next: () => void): void {
    retry = setTimeout(next, exactDelay(failures++, RECONNECT_BACKOFF))
  }

  function open(url: string): void {
    let opened = false
    const current = new options.EventSource(url)
    source = current
    current.onopen = () => {
      opened = true
      failures = 0
      options.onLink?.(true)
    }
    current.onerror = () => {
      if (current === source) options.onLink?.(false)
      if (current.readyState !== 2 || current !== source) return
      current.close()
      later(
        () =>
          void options
            .onClosed(opened)
            .catch(() => {})
            .finally(connect),
      )
    }
    for (const name of EVENT_NAMES) {
      current.addEventListener(name, (event) => {
        const message = event as MessageEvent<string>
        const parsed = parseStreamEvent(name, String(message.data))
        if (parsed) options.onEvent(parsed)
        else console.warn(`Porthole: ignoring an unreadable "${name}" event from the server`)
      })
    }
  }

  function connect(): void {
    if (stopped) return
    const mine = ++generation
    options.url().then(
      (url) => {
        if (!stopped && mine === generation) open(url)
      },
      () => {
        if (stopped || mine !== generation) return
        options.onLink?.(false)
        later(connect)
      },
    )
  }

  connect()
  return {
    /** Reconnects now (a new token, an identified user, a cleared history). */
    restart(): void {
      clearTimeout(retry)
      source?.close()
      source = undefined
      failures = 0
      connect()
    },
    close(): void {
      stopped = true
      clearTimeout(retry)
      source?.close()
    },
  }
}
