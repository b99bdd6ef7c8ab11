// An incremental parser of the text/event-stream format (the WHATWG rules a browser's
// EventSource follows): feed it text as it arrives, get whole events out.

export type SseEvent = { event: string; data: string; id: string | undefined }

export class SseParser {
  #buffer = ''
  #event = ''
  #data: string[] = []
  #id: string | undefined
  /** The last `id:` seen, as EventSource keeps it for Last-Event-ID. */
  lastEventId: string | undefined

  /** Parses a chunk; returns the events it completed. */
  push(chunk: string): SseEvent[] {
    this.#buffer += chunk
    const events: SseEvent[] = []
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer)
      // A lone \r at the end may be the first half of \r\n: wait for more.
      if (!match || (match[0] === '\r' && match.index === this.#buffer.length - 1)) break
      const line = this.#buffer.slice(0, match.index)
      this.#buffer = this.#buffer.slice(match.index + match[0].length)
      const event = this.#line(line)
      if (event) events.push(event)
    }
    return events
  }

  #line(line: string): SseEvent | undefined {
    if (line === '') return this.#dispatch()
    if (line.startsWith(':')) return undefined
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') this.#event = value
    else if (field === 'data') this.#data.push(value)
    else if (field === 'id' && !value.includes('\0')) this.#id = value
    return undefined
  }

  #dispatch(): SseEvent | undefined {
    const id = this.#id
    if (id !== undefined) this.lastEventId = id
    const event: SseEvent | undefined =
      this.#data.length === 0
        ? undefined
        : { event: this.#event || 'message', data: this.#data.join('\n'), id }
    this.#event = ''
    this.#data = []
    this.#id = undefined
    return event
  }
}
