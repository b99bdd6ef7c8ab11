import { createParser } from 'eventsource-parser'

// The one reader of text/event-stream for the bench's clients and the tests' clients,
// built on eventsource-parser (the WHATWG rules a browser's EventSource follows: any line
// ending, chunks split anywhere, comments, multi-line data). Production code has none:
// the widget uses the browser's EventSource.

/** One event as EventSource hands it over: `event` is `message` when the server named none. */
export type SseEvent = { event: string; data: string; id: string | undefined }

export type SseCallbacks = {
  onEvent: (event: SseEvent) => void
  /** A `:` comment line (heartbeats, preambles), without the colon and one leading space. */
  onComment?: (comment: string) => void
  /** A valid `retry:` field, in ms. */
  onRetry?: (ms: number) => void
}

export type SseReader = {
  /** Parses a chunk as it arrives; complete events go to `onEvent`. */
  feed(chunk: string): void
  /** The last `id:` of a dispatched event, as EventSource keeps it for Last-Event-ID. */
  readonly lastEventId: string | undefined
}

/**
 * An incremental reader of one stream (make a new one per connection).
 *
 * @example
 * const reader = createSseReader({ onEvent: (e) => events.push(e) })
 * res.on('data', (chunk: string) => reader.feed(chunk))
 */
export function createSseReader(callbacks: SseCallbacks): SseReader {
  let lastEventId: string | undefined
  const parser = createParser({
    onEvent: ({ event, data, id }) => {
      if (id !== undefined) lastEventId = id
      callbacks.onEvent({ event: event ?? 'message', data, id })
    },
    ...(callbacks.onComment ? { onComment: callbacks.onComment } : {}),
    ...(callbacks.onRetry ? { onRetry: callbacks.onRetry } : {}),
  })
  return {
    feed: (chunk) => parser.feed(chunk),
    get lastEventId() {
      return lastEventId
    },
  }
}

/** The complete events of a whole text (an unfinished last event is left out). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = []
  createSseReader({ onEvent: (event) => events.push(event) }).feed(text)
  return events
}
