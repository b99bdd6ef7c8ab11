import type { ServerResponse } from 'node:http'
import { type WireFrame, writeFrame } from './wire-frame'

/** A live event waiting for a busy stream; `id` is set for stored entries. */
export type QueuedChunk = { id: string | undefined; chunk: string }

/** Why a stream cannot take a write now: it is replaying its log, or its socket is full. */
type Busy = {
  /** Live events in arrival order, written once the replay ends or the socket drains. */
  queue: QueuedChunk[]
  bytes: number
  /**
   * What the full socket is taken to hold in the kernel: the bytes written to it so far,
   * up to SOCKET_ESTIMATE_CAP (Node cannot ask the kernel). Counted in the total budget.
   */
  held: number
  /** The newest entry the replay wrote: queued entries up to it were already written. */
  replayedUpTo: string | undefined
}

/** One open stream. Kept small on purpose: idle streams are the backend's main memory cost. */
export type Connection = {
  readonly res: ServerResponse
  readonly visitorId: string
  readonly ip: string
  /** Undefined while live and writable: an idle stream holds no queue, timer or closure. */
  busy: Busy | undefined
  /**
   * The newest entry this stream has taken (written, queued or replayed): an entry
   * delivered again (e.g. by the store's fan-out after a re-subscription) is skipped, so
   * each entry reaches a stream once and in log order.
   */
  lastEntryId: string | undefined
}

export type BackpressureOptions = {
  /** A client that reads nothing for this long is dead: its stream is ended. */
  drainTimeoutMs: number
  /** Live events a busy stream may hold back; beyond either bound it is closed and resumes. */
  maxQueuedEvents: number
  maxQueuedBytes: number
  /**
   * Live events held back across every stream together (default: no bound beyond the
   * per-stream ones). Past it, the streams furthest behind are closed until it fits.
   */
  maxTotalQueuedBytes?: number
  /** Log order of entry ids (Store.compareIds). */
  compareIds(a: string, b: string): number
  /** Called when a stream is ended for falling behind or for not reading. */
  onDropped(conn: Connection, reason: DropReason): void
}

/** queue_full: one stream too far behind; buffer_budget: all together; drain_timeout: reads nothing. */
export type DropReason = 'queue_full' | 'buffer_budget' | 'drain_timeout'

/**
 * Writes to SSE streams honouring backpressure: when `write()` returns false the stream
 * waits for `drain` (the replay pauses, live events queue in order, heartbeats and
 * broadcasts are skipped). Only a client that reads nothing for `drainTimeoutMs`, or
 * falls more than the queue bounds behind, is closed; every stored event has an id, so
 * it resumes from its Last-Event-ID and loses nothing.
 */
export type StreamWriter = {
  /** A live event of the visitor: written now, or queued while the stream is busy. */
  send(conn: Connection, item: QueuedChunk): void
  /** A heartbeat or broadcast: written to a stream that can take it, else skipped. */
  offer(conn: Connection, frame: WireFrame): void
  /** Marks a new stream as replaying: live events queue until endReplay. */
  beginReplay(conn: Connection): void
  /** Writes part of the replay; resolves false when the stream is gone (stop replaying). */
  replayWrite(conn: Connection, chunk: string): Promise<boolean>
  /** Writes the events queued during the replay (skipping entries it wrote), then goes live. */
  endReplay(conn: Connection, replayedUpTo: string | undefined): Promise<void>
  /** Forgets what a stream that ended still held queued (call once it has closed). */
  release(conn: Connection): void
  /** Live events held back now, across every stream (characters). */
  queuedBytes(): number
}

export function isOpen(res: ServerResponse): boolean {
  return !res.destroyed && !res.writableEnded
}

// A socket's send buffer grows to a few MiB for a client that reads nothing (Linux
// tcp_wmem); counting at most this much per full socket keeps a long-lived stream's
// history from weighing more than its buffer can hold.
const SOCKET_ESTIMATE_CAP = 1024 * 1024

export function createStreamWriter(options: BackpressureOptions): StreamWriter {
  const { compareIds, onDropped } = options
  const maxTotal = options.maxTotalQueuedBytes ?? Number.POSITIVE_INFINITY
  // What every stream holds queued together, and the streams that hold some: a visitor's
  // tabs that never read would otherwise each keep up to maxQueuedBytes of their own
  // messages, and a hundred of them hold a hundred times that.
  let total = 0
  const holding = new Set<Connection>()

  function account(conn: Connection, busy: Busy, delta: number): void {
    busy.bytes += delta
    total += delta
    if (busy.bytes + busy.held > 0) holding.add(conn)
    else holding.delete(conn)
  }

  // The socket is full: what the kernel holds for it joins the total (once per wait).
  function chargeSocket(conn: Connection, busy: Busy): void {
    if (busy.held > 0) return
    busy.held = Math.min(conn.res.socket?.bytesWritten ?? 0, SOCKET_ESTIMATE_CAP)
    total += busy.held
    if (busy.held > 0) holding.add(conn)
    if (total > maxTotal) fitBudget()
  }

  function uncharge(conn: Connection, busy: Busy): void {
    total -= busy.held
    busy.held = 0
    account(conn, busy, 0)
  }

  function dropQueue(conn: Connection, busy: Busy): void {
    account(conn, busy, -busy.bytes)
    uncharge(conn, busy)
    busy.queue = []
  }

  // Over the total: the streams furthest behind (the most queued: they read least of
  // what was sent) are closed first; each resumes from its Last-Event-ID on reconnect.
  function fitBudget(): void {
    while (total > maxTotal) {
      let furthest: Connection | undefined
      for (const conn of holding) if (!furthest || weight(conn) > weight(furthest)) furthest = conn
      if (!furthest?.busy) return
      dropQueue(furthest, furthest.busy)
      onDropped(furthest, 'buffer_budget')
      furthest.res.destroy()
    }
  }

  function weight(conn: Connection): number {
    return (conn.busy?.bytes ?? 0) + (conn.busy?.held ?? 0)
  }

  // Only streams that are waiting hold these listeners and the timer.
  function drained(conn: Connection): Promise<boolean> {
    const { res } = conn
    if (!isOpen(res)) return Promise.resolve(false)
    // A frame written straight to the socket (writeFrame) fills the socket, not the
    // response: only the socket says when it drained.
    const socket = res.socket
    return new Promise((resolve) => {
      const done = (alive: boolean) => {
        clearTimeout(timer)
        res.off('drain', onDrain)
        socket?.off('drain', onDrain)
        res.off('close', onClose)
        resolve(alive)
      }
      const onDrain = () => done(true)
      const onClose = () => done(false)
      const timer = setTimeout(() => {
        done(false)
        onDropped(conn, 'drain_timeout')
        res.destroy()
      }, options.drainTimeoutMs)
      res.on('drain', onDrain)
      socket?.on('drain', onDrain)
      res.on('close', onClose)
    })
  }

  function alreadyReplayed(busy: Busy, item: QueuedChunk): boolean {
    return (
      item.id !== undefined &&
      busy.replayedUpTo !== undefined &&
      compareIds(item.id, busy.replayedUpTo) <= 0
    )
  }

  async function flush(conn: Connection, busy: Busy): Promise<void> {
    for (;;) {
      if (!isOpen(conn.res)) return
      const item = busy.queue.shift()
      if (!item) break
      account(conn, busy, -item.chunk.length)
      if (alreadyReplayed(busy, item)) continue
      if (!conn.res.write(item.chunk) && !(await drained(conn))) return
    }
    // Synchronously after the queue emptied: nothing can have been queued in between.
    uncharge(conn, busy)
    conn.busy = undefined
  }

  function startWaiting(conn: Connection): void {
    const busy = newBusy()
    conn.busy = busy
    chargeSocket(conn, busy)
    void drained(conn).then((alive) => (alive ? flush(conn, busy) : undefined))
  }

  function newBusy(): Busy {
    return { queue: [], bytes: 0, held: 0, replayedUpTo: undefined }
  }

  return {
    send(conn, item) {
      if (!isOpen(conn.res)) return
      if (item.id !== undefined) {
        if (conn.lastEntryId !== undefined && compareIds(item.id, conn.lastEntryId) <= 0) return
        conn.lastEntryId = item.id
      }
      const { busy } = conn
      if (!busy) {
        if (!conn.res.write(item.chunk)) startWaiting(conn)
        return
      }
      busy.queue.push(item)
      account(conn, busy, item.chunk.length)
      if (busy.queue.length > options.maxQueuedEvents || busy.bytes > options.maxQueuedBytes) {
        dropQueue(conn, busy)
        onDropped(conn, 'queue_full')
        conn.res.destroy()
        return
      }
      if (total > maxTotal) fitBudget()
    },
    offer(conn, frame) {
      if (conn.busy || !isOpen(conn.res)) return
      if (!writeFrame(conn.res, frame)) startWaiting(conn)
    },
    beginReplay(conn) {
      conn.busy = newBusy()
    },
    async replayWrite(conn, chunk) {
      const { busy } = conn
      if (!busy || !isOpen(conn.res)) return false
      if (conn.res.write(chunk)) return true
      chargeSocket(conn, busy)
      return drained(conn)
    },
    async endReplay(conn, replayedUpTo) {
      const { busy } = conn
      if (!busy) return
      busy.replayedUpTo = replayedUpTo
      if (
        replayedUpTo !== undefined &&
        (conn.lastEntryId === undefined || compareIds(replayedUpTo, conn.lastEntryId) > 0)
      )
        conn.lastEntryId = replayedUpTo
      await flush(conn, busy)
    },
    release(conn) {
      if (conn.busy) dropQueue(conn, conn.busy)
      holding.delete(conn)
    },
    queuedBytes: () => total,
  }
}
