// `npx tsx bench/heartbeat/main.ts [streams] [beats]`: what one heartbeat costs per stream,
// user and system CPU apart, for the two ways of writing it, measured in turns in one
// process so a busy machine weighs on both alike: res.write of the text (Node frames the
// chunk: size, CRLF, data, CRLF, gathered a tick later) and writeFrame (one pre-framed
// Buffer shared by every stream, straight to the socket; server/events/wire-frame.ts).
// The streams are held by a child process on raw sockets that reads and discards.
import { fork } from 'node:child_process'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { HEARTBEAT } from '../../server/events/sse-format'
import { createWireFrame, writeFrame } from '../../server/events/wire-frame'

const streams = Number(process.argv[2] ?? 5000)
const beats = Number(process.argv[3] ?? 20)
const ROUNDS = 3
const SLICE = 256

const held: ServerResponse[] = []
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' })
  res.socket?.setNoDelay(true)
  res.write(': connected\n\n')
  held.push(res)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo
const client = fork(new URL('./client.ts', import.meta.url), [String(port), String(streams)], {
  execArgv: ['--import', 'tsx'],
})
await new Promise((resolve) => client.once('message', resolve))

const turn = () => new Promise((resolve) => setImmediate(resolve))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const frame = createWireFrame(HEARTBEAT)
const ways = {
  'res.write': (res: ServerResponse) => res.write(HEARTBEAT),
  writeFrame: (res: ServerResponse) => writeFrame(res, frame),
}

/** One beat as the hub walks it: a slice of streams per event-loop turn. */
async function beat(write: (res: ServerResponse) => boolean): Promise<void> {
  for (let from = 0; from < held.length; from += SLICE) {
    for (const res of held.slice(from, from + SLICE)) write(res)
    await turn()
  }
}

const totals = new Map<string, { user: number; system: number }[]>()
for (let round = 0; round < ROUNDS; round++)
  for (const [name, write] of Object.entries(ways)) {
    await beat(write)
    await pause(200)
    const start = process.cpuUsage()
    for (let i = 0; i < beats; i++) {
      await beat(write)
      await turn()
    }
    const used = process.cpuUsage(start)
    totals.set(name, [...(totals.get(name) ?? []), used])
    await pause(200)
  }
const perBeat = (us: number) => (us / beats / held.length).toFixed(2)
for (const [name, runs] of totals) {
  const cells = runs.map(
    (r) => `${perBeat(r.user)}+${perBeat(r.system)}=${perBeat(r.user + r.system)}`,
  )
  console.log(
    `${name}: µs per stream per beat (user+system=total), ${ROUNDS} rounds: ${cells.join(', ')}`,
  )
}
console.log(`${held.length} streams, ${beats} beats a round`)
client.kill()
server.closeAllConnections()
server.close()
