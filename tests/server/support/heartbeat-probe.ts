// The backend in a child process of tests/server/capacity/heartbeat-budget.test.ts: the
// memory store, a heartbeat every second, and on request what its sockets were asked to
// write since the last mark (each a write to the kernel: one system call) and the async
// resources it created meanwhile (nextTicks, timers, immediates, promises), so the test
// counts what one beat costs each stream.
import { createHook } from 'node:async_hooks'
import { Socket } from 'node:net'
import { runProbeBackend } from './probe-backend'

const PING = ': ping\n\n'

/** What the probe counted since the last mark (its answer to 'counts'). */
export type Counts = {
  /** Writes the event streams' sockets handed to the kernel, and those carrying a heartbeat. */
  writes: number
  beats: number
  /** Pieces of the writes that were gathered (writev) rather than one buffer each. */
  gatheredPieces: number
  /** Writes of a string (encoded on the way) rather than a Buffer. */
  stringWrites: number
  /** The fewest heartbeats any stream socket got since the mark (the sockets that got one). */
  minBeats: number
  sockets: number
  resources: Record<string, number>
}

let counts: Counts
let beatsPer = new Map<Socket, number>()
function mark(): void {
  counts = {
    writes: 0,
    beats: 0,
    gatheredPieces: 0,
    stringWrites: 0,
    minBeats: 0,
    sockets: 0,
    resources: {},
  }
  beatsPer = new Map()
}
mark()

const text = (piece: unknown) =>
  typeof piece === 'string' ? piece : Buffer.isBuffer(piece) ? piece.toString('latin1') : ''

// Only the event streams' sockets count (not, say, a client the backend opens itself).
const isStream = (socket: Socket) =>
  (
    socket as unknown as { _httpMessage?: { req?: { url?: string } } }
  )._httpMessage?.req?.url?.startsWith('/api/events') === true

// Every write a net.Socket hands to libuv goes through _writeGeneric (write and writev).
type WriteGeneric = (writev: boolean, data: unknown, encoding: string, cb: unknown) => unknown
const proto = Socket.prototype as unknown as { _writeGeneric: WriteGeneric }
const original = proto._writeGeneric
proto._writeGeneric = function (this: Socket, writev, data, encoding, cb) {
  if (!isStream(this)) return original.call(this, writev, data, encoding, cb)
  counts.writes += 1
  const pieces = writev ? (data as { chunk: unknown }[]).map((entry) => entry.chunk) : [data]
  if (writev) counts.gatheredPieces += pieces.length
  if (pieces.some((piece) => typeof piece === 'string')) counts.stringWrites += 1
  if (pieces.map(text).join('').includes(PING)) {
    counts.beats += 1
    beatsPer.set(this, (beatsPer.get(this) ?? 0) + 1)
  }
  return original.call(this, writev, data, encoding, cb)
}

createHook({
  init(_asyncId, type) {
    counts.resources[type] = (counts.resources[type] ?? 0) + 1
  },
}).enable()

await runProbeBackend({ HEARTBEAT_SECONDS: '1' }, (message) => {
  if (message === 'mark') {
    mark()
    return { marked: true }
  }
  if (message === 'counts') {
    const perSocket = [...beatsPer.values()]
    return { counts: { ...counts, minBeats: Math.min(...perSocket), sockets: perSocket.length } }
  }
  return undefined
})
