import type { ServerResponse } from 'node:http'
import { openingDeliveries } from '../channel/unsent-deliveries'
import type { Logger } from '../logging/logger'
import { readProfile } from '../session/profile'
import {
  firstOf,
  forEachItem,
  hasItem,
  listOf,
  type OneOrMany,
  sizeOf,
  withItem,
  withoutItem,
} from '../store/one-or-many'
import type { ConversationLog, Indexes, Records, VisitorEvent, VisitorEvents } from '../store/types'
import { createBudgetWarning } from './budget-warning'
import { type Connection, createStreamWriter, isOpen } from './connection'
import { loadReadMarker } from './read-marker'
import { replayLog } from './replay'
import { formatEntry, formatPreamble, formatTransient, HEARTBEAT } from './sse-format'
import { createWireFrame, type WireFrame } from './wire-frame'

/** A visitor's streams on this instance (the stream itself while there is one tab). */
type VisitorGroup = { connections: OneOrMany<Connection>; unsubscribe: () => void }

export type OpenStream = {
  visitorId: string
  res: ServerResponse
  /** Replay the visitor's log after this id (undefined: the newest page). */
  lastEventId: string | undefined
  /** The client's address, for the per-address cap (see refusal()). */
  ip: string
  /** Extra response headers (CORS). */
  headers: Record<string, string>
}

/** Why a new stream is refused: too many from one address (429) or on this instance (503). */
export type StreamRefusal = 'address' | 'instance'

export type StreamHub = {
  /**
   * Whether a stream from `ip` would exceed a cap. Call it right before open(), with
   * no await in between, so the count is exact.
   */
  refusal(ip: string): StreamRefusal | undefined
  /**
   * Takes over `res`: writes the headers, the read marker, the contact, the replay, the
   * delivery state of every customer message not sent yet (and `sent` for those sent
   * after a wait, see settled-deliveries.ts), then live events until the
   * client leaves.
   */
  open(stream: OpenStream): Promise<void>
  /** The visitors with an open stream on this instance. */
  visitorIds(): Iterable<string>
  /** Sends a transient event (e.g. status) to every open stream on this instance. */
  broadcast(event: string, data: unknown): void
  count(): number
  /** Live events held back for streams that are not reading, all together. */
  queuedBytes(): number
  /** Graceful shutdown: ends every stream (clients reconnect elsewhere) and the heartbeat. */
  close(): void
}

export type StreamHubOptions = {
  store: ConversationLog & VisitorEvents & Records & Indexes
  logger: Logger
  heartbeatMs: number
  retryMs?: number
  /** Streams one visitor may hold open (tabs); the oldest is closed beyond it. */
  maxPerVisitor?: number
  /** Open streams per client address (default 50) and on this instance (default 20,000). */
  maxStreamsPerIp?: number
  maxStreams?: number
  /** Streams written per event-loop turn by a heartbeat or a broadcast (default 256). */
  writeSlice?: number
  /** Entries a first connection (no Last-Event-ID) starts with (default 200). */
  firstPage?: number
  /** A client whose socket stays full this long is dead and its stream ends (default 45 s). */
  drainTimeoutMs?: number
  /** Live events held for a busy stream before it is closed to resume (default 1,000 / 1 MiB). */
  maxQueuedEvents?: number
  maxQueuedBytes?: number
  /** Live events held for busy streams all together (default 16 MiB); see StreamWriter. */
  maxTotalQueuedBytes?: number
}

/**
 * SSE streams written straight to Node's ServerResponse: one heartbeat timer for all
 * streams, one store subscription per visitor shared by that visitor's tabs, and
 * backpressure honoured (see StreamWriter): a slow client is waited for, a dead one is
 * ended after the drain timeout, one too far behind is closed and resumes from its
 * Last-Event-ID.
 */
export function createStreamHub(options: StreamHubOptions): StreamHub {
  const { store, logger } = options
  const maxPerVisitor = options.maxPerVisitor ?? 32
  const maxStreamsPerIp = options.maxStreamsPerIp ?? 50
  const maxStreams = options.maxStreams ?? 20_000
  const writeSlice = options.writeSlice ?? 256
  const groups = new Map<string, VisitorGroup>()
  const perIp = new Map<string, number>()
  let total = 0
  let closed = false

  const budgetWarning = createBudgetWarning(logger)
  const writer = createStreamWriter({
    drainTimeoutMs: options.drainTimeoutMs ?? 45_000,
    maxQueuedEvents: options.maxQueuedEvents ?? 1000,
    maxQueuedBytes: options.maxQueuedBytes ?? 1024 * 1024,
    maxTotalQueuedBytes: options.maxTotalQueuedBytes ?? 16 * 1024 * 1024,
    compareIds: (a, b) => store.compareIds(a, b),
    onDropped: (conn, reason) => {
      logger.debug('stream closed: the client is not reading; it resumes on reconnect', {
        visitorId: conn.visitorId,
        reason,
      })
      if (reason === 'buffer_budget') budgetWarning.note(conn)
    },
  })

  function deliver(visitorId: string, event: VisitorEvent): void {
    const group = groups.get(visitorId)
    if (!group) return
    if (event.event === 'revoked') {
      // The credential is dead on every device: end the streams, so the next connection
      // is refused (401 session_revoked) instead of reading on.
      for (const conn of listOf(group.connections)) conn.res.end()
      return
    }
    // Serialised once for all of the visitor's tabs.
    const item =
      event.event === 'message'
        ? { id: event.data.id, chunk: formatEntry(event.data) }
        : { id: undefined, chunk: formatTransient(event.event, event.data) }
    forEachItem(group.connections, (conn) => writer.send(conn, item))
  }

  function join(conn: Connection): void {
    let group = groups.get(conn.visitorId)
    if (!group) {
      const visitorId = conn.visitorId
      group = {
        connections: undefined,
        unsubscribe: store.subscribe(visitorId, (event) => deliver(visitorId, event)),
      }
      groups.set(visitorId, group)
    }
    // Too many streams for one visitor: the oldest is most likely a dead tab. Closing
    // it (rather than refusing the new one) never blocks a live reconnect.
    if (sizeOf(group.connections) >= maxPerVisitor) firstOf(group.connections)?.res.destroy()
    group.connections = withItem(group.connections, conn)
    total += 1
    perIp.set(conn.ip, (perIp.get(conn.ip) ?? 0) + 1)
  }

  // The one place a stream is cleaned up, whoever ended it.
  function leave(conn: Connection): void {
    const group = groups.get(conn.visitorId)
    if (!group || !hasItem(group.connections, conn)) return
    group.connections = withoutItem(group.connections, conn)
    writer.release(conn)
    total -= 1
    const fromIp = (perIp.get(conn.ip) ?? 1) - 1
    if (fromIp > 0) perIp.set(conn.ip, fromIp)
    else perIp.delete(conn.ip)
    if (group.connections === undefined) {
      groups.delete(conn.visitorId)
      group.unsubscribe()
    }
  }

  async function start(conn: Connection, lastEventId: string | undefined): Promise<void> {
    if (!(await writer.replayWrite(conn, formatPreamble(options.retryMs ?? 3000)))) return
    const marker = await loadReadMarker(store, conn.visitorId, logger)
    if (marker && !(await writer.replayWrite(conn, formatTransient('read', marker)))) return
    // The one profile: a device that missed a change (the bot's question, another device) learns it.
    const { contact } = await readProfile(store, conn.visitorId)
    if (Object.keys(contact).length > 0)
      if (!(await writer.replayWrite(conn, formatTransient('contact', contact)))) return
    const upTo = await replayLog(conn, {
      store,
      writer,
      lastEventId,
      firstPage: options.firstPage ?? 200,
    })
    if (upTo === false) return
    // The delivery events of changes made before this stream existed (e.g. messages
    // delayed by an outage another device sent them in): after the entries they are
    // about, before the live events queued meanwhile, which are newer; and `sent` for
    // messages a device may still show unsent (closed before it heard).
    const deliveries = await openingDeliveries(store, conn.visitorId, logger)
    const chunk = deliveries.map((data) => formatTransient('delivery', data)).join('')
    if (chunk.length > 0 && !(await writer.replayWrite(conn, chunk))) return
    await writer.endReplay(conn, upTo)
  }

  // A write costs a system call: 10,000 streams written in one go hold the event loop
  // for a few hundred milliseconds, and every webhook arriving meanwhile waits. Written
  // a slice per turn, the heartbeat (and a status broadcast) lets them through.
  // It walks the live map (a Map iterator survives changes: who left is skipped, who came
  // is reached), not a copy of every stream: a copy outlives the walk's turns, so every
  // beat promotes it to the old generation (tests/server/events/heartbeat-allocation.test.ts).
  function writeToAll(frame: WireFrame, done?: () => void): void {
    let written = 0
    const offer = (conn: Connection) => {
      written += 1
      writer.offer(conn, frame)
    }
    const walk = groups.values()
    const slice = () => {
      written = 0
      // A Map iterator has no return(): leaving the loop early keeps its place.
      for (const group of walk) {
        if (closed) break
        forEachItem(group.connections, offer)
        if (written >= writeSlice) {
          setImmediate(slice)
          return
        }
      }
      done?.()
    }
    slice()
  }

  // One heartbeat walk at a time: on a busy event loop a walk over 100,000 streams can
  // outlast the interval, and walks started on top of it would each hold a copy of every
  // stream and write each twice, making the loop busier still. A stream still waiting
  // for the last walk's ping needs no second one.
  let walking = false
  // Framed once: every stream's beat is the same shared bytes (see wire-frame.ts).
  const beat = createWireFrame(HEARTBEAT)
  const heartbeat = setInterval(() => {
    if (walking) return
    walking = true
    writeToAll(beat, () => {
      walking = false
    })
  }, options.heartbeatMs)
  heartbeat.unref()

  return {
    refusal(ip) {
      if ((perIp.get(ip) ?? 0) >= maxStreamsPerIp) return 'address'
      if (total >= maxStreams) return 'instance'
      return undefined
    },
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
      const conn: Connection = {
        res,
        visitorId: stream.visitorId,
        ip: stream.ip,
        busy: undefined,
        lastEntryId: undefined,
      }
      // Replaying from the start: live events that arrive meanwhile queue behind it.
      writer.beginReplay(conn)
      res.on('close', () => leave(conn))
      join(conn)
      if (!isOpen(res)) {
        leave(conn)
        return
      }
      try {
        await start(conn, stream.lastEventId)
      } catch (error) {
        logger.error('stream replay failed; closing the stream so the client retries', { error })
        res.destroy()
      }
    },
    broadcast(event, data) {
      writeToAll(createWireFrame(formatTransient(event, data)))
    },
    count: () => total,
    queuedBytes: () => writer.queuedBytes(),
    visitorIds: () => groups.keys(),
    close() {
      closed = true
      clearInterval(heartbeat)
      for (const group of [...groups.values()])
        for (const conn of listOf(group.connections)) conn.res.end()
    },
  }
}
