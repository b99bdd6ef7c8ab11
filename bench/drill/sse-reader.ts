import { type ClientRequest, request } from 'node:http'
import { createSseReader, type SseEvent } from '../../kit/sse'
import { type ConversationEntry, parseStreamEvent } from '../../shared/widget-api'

// A raw HTTP reader of GET /api/events that behaves like EventSource (reconnects after
// the stream ends, with Last-Event-ID = the last id it saw) and can read slowly: at most
// `bytesPerTick` every `tickMs`, so TCP pushes back on the server as a slow phone would.

export type ReaderOptions = {
  base: string
  token: string
  /** The first connection's Last-Event-ID (absent: a fresh connection). */
  lastEventId?: string
  /** Throttle; absent: read as fast as possible. */
  bytesPerTick?: number
  tickMs?: number
  /** Pause before reconnecting after the stream ended or failed (EventSource: ~3 s; default 250 ms). */
  reconnectMs?: number
}

export type StreamReader = {
  /** Every `message` event in arrival order, repeats included. */
  entries: ConversationEntry[]
  /** When each entry of `entries` arrived (ms since the epoch). */
  arrivals: number[]
  lastEventId(): string | undefined
  connections(): number
  bytes(): number
  /** Last connection error or refusal (HTTP status and body), if any. */
  lastError(): string | undefined
  /** Resolves with true once `check` holds (checked on each event), false after `timeoutMs`. */
  until(check: () => boolean, timeoutMs: number): Promise<boolean>
  /** Resolves once no message arrived for `quietMs` (or `timeoutMs` passed). */
  quiet(quietMs: number, timeoutMs: number): Promise<void>
  close(): void
}

export function openReader(options: ReaderOptions): StreamReader {
  const entries: ConversationEntry[] = []
  const arrivals: number[] = []
  let lastId = options.lastEventId
  let connections = 0
  let bytes = 0
  let lastError: string | undefined
  let closed = false
  let current: ClientRequest | undefined
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let lastArrival = Date.now()
  const waiters = new Set<() => void>()
  const notify = () => {
    for (const waiter of waiters) waiter()
  }

  function connect() {
    if (closed) return
    connections += 1
    const url = new URL('/api/events', options.base)
    const req = request(url, {
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${options.token}`,
        ...(lastId ? { 'last-event-id': lastId } : {}),
      },
    })
    current = req
    req.on('response', (res) => {
      res.setEncoding('utf8')
      if (res.statusCode !== 200) {
        let body = ''
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => {
          lastError = `HTTP ${res.statusCode} ${body.slice(0, 300)}`
          notify()
          retry()
        })
        return
      }
      const reader = createSseReader({ onEvent: received })
      let budget = options.bytesPerTick ?? Number.POSITIVE_INFINITY
      const ticker =
        options.bytesPerTick === undefined
          ? undefined
          : setInterval(() => {
              budget = Math.min(budget + (options.bytesPerTick ?? 0), options.bytesPerTick ?? 0)
              if (budget > 0 && res.isPaused()) res.resume()
            }, options.tickMs ?? 10)
      res.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk)
        budget -= Buffer.byteLength(chunk)
        if (budget <= 0) res.pause()
        reader.feed(chunk)
        notify()
      })
      let over = false
      const ended = () => {
        if (over) return
        over = true
        if (ticker) clearInterval(ticker)
        if (current === req) retry()
      }
      res.once('end', ended)
      res.once('error', ended)
      res.once('close', ended)
    })
    req.on('error', (error) => {
      lastError = error.message
      notify()
      if (current === req) retry()
    })
    req.end()
  }

  function received(event: SseEvent) {
    if (event.id !== undefined) lastId = event.id
    if (event.event !== 'message') return
    const parsed = parseStreamEvent(event.event, event.data)
    if (parsed?.event !== 'message') {
      lastError = `unreadable message event: ${event.data.slice(0, 200)}`
      return
    }
    entries.push(parsed.data)
    lastArrival = Date.now()
    arrivals.push(lastArrival)
  }

  function retry() {
    if (closed || reconnectTimer) return
    current?.destroy()
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      connect()
    }, options.reconnectMs ?? 250)
  }

  connect()
  return {
    entries,
    arrivals,
    lastEventId: () => lastId,
    connections: () => connections,
    bytes: () => bytes,
    lastError: () => lastError,
    until(check, timeoutMs) {
      if (check()) return Promise.resolve(true)
      return new Promise((resolve) => {
        const done = (value: boolean) => {
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(value)
        }
        const waiter = () => {
          if (check()) done(true)
        }
        const timer = setTimeout(() => done(check()), timeoutMs)
        waiters.add(waiter)
      })
    },
    async quiet(quietMs, timeoutMs) {
      const deadline = Date.now() + timeoutMs
      lastArrival = Math.max(lastArrival, Date.now() - quietMs / 2)
      while (Date.now() < deadline && Date.now() - lastArrival < quietMs)
        await new Promise((resolve) => setTimeout(resolve, 50))
    },
    close() {
      closed = true
      clearTimeout(reconnectTimer)
      current?.destroy()
      notify()
    },
  }
}
