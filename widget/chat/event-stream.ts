import type { StreamEvent } from '../../shared/widget-api'
import type { EventSourceClass } from '../loader/context'
import { parseStreamEvent } from '../protocol/stream-event'

const EVENT_NAMES = ['message', 'typing', 'status', 'delivery'] as const

export interface EventStreamOptions {
  EventSource: EventSourceClass
  /** The URL to (re)connect to; read at each connection so it carries the latest replay id. */
  url: () => string
  onEvent: (event: StreamEvent, id: string) => void
  onOpenChange: (open: boolean) => void
  /** The browser gave up reconnecting (e.g. the token was refused): check the session. */
  onClosed: () => Promise<void>
}

/**
 * The live stream of GET /api/events. EventSource reconnects itself with Last-Event-ID;
 * when it gives up, this reconnects with a fresh URL (lastEventId query parameter)
 * after a growing delay, so no agent reply is missed.
 */
export function openEventStream(options: EventStreamOptions) {
  let source: EventSource | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let stopped = false

  function connect(): void {
    if (stopped) return
    const current = new options.EventSource(options.url())
    source = current
    current.onopen = () => {
      failures = 0
      options.onOpenChange(true)
    }
    current.onerror = () => {
      options.onOpenChange(false)
      if (current.readyState !== 2) return
      current.close()
      const delay = Math.min(30_000, 1000 * 2 ** failures++)
      retry = setTimeout(() => {
        options
          .onClosed()
          .catch(() => {})
          .finally(connect)
      }, delay)
    }
    for (const name of EVENT_NAMES) {
      current.addEventListener(name, (event) => {
        const message = event as MessageEvent<string>
        const parsed = parseStreamEvent(name, String(message.data))
        if (parsed) options.onEvent(parsed, message.lastEventId)
        else console.warn(`Porthole: ignoring an unreadable "${name}" event from the server`)
      })
    }
  }

  connect()
  return {
    /** Reconnects now (a new token or a cleared history). */
    restart(): void {
      clearTimeout(retry)
      source?.close()
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
