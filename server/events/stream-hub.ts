import type { ServerResponse } from 'node:http'
import type { Logger } from '../logging/logger'
import type { Store, VisitorEvent } from '../store/types'
import { formatEntry, formatPreamble, formatTransient, HEARTBEAT } from './sse-format'

/** One open stream. Kept small on purpose: idle streams are the backend's main memory cost. */
type Connection = {
  res: ServerResponse
  visitorId: string
  /** Live events that arrive while the replay is being written; undefined once live. */
  pending: VisitorEvent[] | undefined
}

type VisitorGroup = { connections: Set<Connection>; unsubscribe: () => void }

export type OpenStream = {
  visitorId: string
  res: ServerResponse
  /** Replay the visitor's log after this id (undefined: the whole log). */
  lastEventId: string | undefined
  /** Extra response headers (CORS). */
  headers: Record<string, string>
}

export type StreamHub = {
  /** Takes over `res`: writes the headers, the replay, then live events until the client leaves. */
  open(stream: OpenStream): Promise<void>
  /** Sends a transient event (e.g. status) to every open stream on this instance. */
  broadcast(event: string, data: unknown): void
  count(): number
  /** Graceful shutdown: ends every stream (clients reconnect elsewhere) and the heartbeat. */
  close(): void
}

const REPLAY_PAGE = 200

/**
 * SSE streams written straight to Node's ServerResponse: one heartbeat timer for all
 * streams, one store subscription per visitor shared by that visitor's tabs, and no
 * unbounded buffering — a client that cannot keep up is disconnected and replays
 * from its Last-Event-ID when it reconnects.
 */
export function createStreamHub(options: {
  store: Store
  logger: Logger
  heartbeatMs: number
  retryMs?: number
  /** Streams one visitor may hold open (tabs); the oldest is closed beyond it. */
  maxPerVisitor?: number
  /** Streams written per event-loop turn by a heartbeat or a broadcast (default 256). */
  writeSlice?: number
}): StreamHub {
  const { store, logger } = options
  const maxPerVisitor = options.maxPerVisitor ?? 32
  const writeSlice = options.writeSlice ?? 256
  const groups = new Map<string, VisitorGroup>()
  let total = 0
  let closed = false

  function write(conn: Connection, chunk: string): void {
    const { res } = conn
    if (res.destroyed || res.writableEnded) return
    // false: the socket buffer is full. Drop rather than queue: every stored event has
    // an id, so the reconnecting client loses nothing.
    if (!res.write(chunk)) res.destroy()
  }

  function deliver(visitorId: string, event: VisitorEvent): void {
    const group = groups.get(visitorId)
    if (!group) return
    // Serialised once for all of the visitor's tabs.
    const chunk =
      event.event === 'message' ? formatEntry(event.data) : formatTransient(event.event, event.data)
    for (const conn of group.connections) {
      if (conn.pending) conn.pending.push(event)
      else write(conn, chunk)
    }
  }

  function join(conn: Connection): void {
    let group = groups.get(conn.visitorId)
    if (!group) {
      const visitorId = conn.visitorId
      group = {
        connections: new Set(),
        unsubscribe: store.subscribe(visitorId, (event) => deliver(visitorId, event)),
      }
      groups.set(visitorId, group)
    }
    // Too many streams for one visitor: the oldest is most likely a dead tab. Closing
    // it (rather than refusing the new one) never blocks a live reconnect.
    if (group.connections.size >= maxPerVisitor) {
      const oldest = group.connections.values().next().value
      oldest?.res.destroy()
    }
    group.connections.add(conn)
    total += 1
  }

  // The one place a stream is cleaned up, whoever ended it.
  function leave(conn: Connection): void {
    const group = groups.get(conn.visitorId)
    if (!group?.connections.delete(conn)) return
    total -= 1
    if (group.connections.size === 0) {
      groups.delete(conn.visitorId)
      group.unsubscribe()
    }
  }

  async function replay(conn: Connection, after: string | undefined): Promise<void> {
    const replayed = new Set<string>()
    let cursor = after
    for (;;) {
      const page = await store.readAfter(conn.visitorId, cursor, REPLAY_PAGE)
      for (const entry of page) {
        replayed.add(entry.id)
        write(conn, formatEntry(entry))
      }
      const last = page.at(-1)
      if (page.length < REPLAY_PAGE || !last || conn.res.destroyed) break
      cursor = last.id
    }
    const pending = conn.pending ?? []
    conn.pending = undefined
    for (const event of pending) {
      if (event.event === 'message') {
        if (!replayed.has(event.data.id)) write(conn, formatEntry(event.data))
      } else {
        write(conn, formatTransient(event.event, event.data))
      }
    }
  }

  // A write costs a system call: 10,000 streams written in one go hold the event loop
  // for a few hundred milliseconds, and every webhook arriving meanwhile waits. Written
  // a slice per turn, the heartbeat (and a status broadcast) lets them through.
  function writeToAll(chunk: string): void {
    const all: Connection[] = []
    for (const group of groups.values()) for (const conn of group.connections) all.push(conn)
    writeSlices(all, chunk, 0)
  }

  function writeSlices(all: Connection[], chunk: string, from: number): void {
    const end = Math.min(all.length, from + writeSlice)
    for (let i = from; i < end; i++) {
      const conn = all[i]
      if (conn) write(conn, chunk)
    }
    if (end < all.length && !closed) setImmediate(() => writeSlices(all, chunk, end))
  }

  const heartbeat = setInterval(() => writeToAll(HEARTBEAT), options.heartbeatMs)
  heartbeat.unref()

  return {
    async open(stream) {
      const { res } = stream
      if (closed) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' })
        res.end('shutting down, reconnect')
        return
      }
      res.writeHead(200, {
        ...stream.headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Tells nginx not to buffer the stream.
        'x-accel-buffering': 'no',
      })
      res.socket?.setNoDelay(true)
      const conn: Connection = { res, visitorId: stream.visitorId, pending: [] }
      res.on('close', () => leave(conn))
      join(conn)
      if (res.destroyed) {
        leave(conn)
        return
      }
      write(conn, formatPreamble(options.retryMs ?? 3000))
      try {
        await replay(conn, stream.lastEventId)
      } catch (error) {
        logger.error('stream replay failed; closing the stream so the client retries', { error })
        res.destroy()
      }
    },
    broadcast(event, data) {
      writeToAll(formatTransient(event, data))
    },
    count: () => total,
    close() {
      closed = true
      clearInterval(heartbeat)
      for (const group of [...groups.values()])
        for (const conn of [...group.connections]) conn.res.end()
    },
  }
}
