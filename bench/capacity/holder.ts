// A stream holder: one process of the capacity phase, forked by bench/capacity/holders.ts.
// It holds many idle SSE streams as cheaply as it can (raw sockets, each bound to one of
// its loopback source addresses, since one address has about 28,000 ephemeral ports),
// reads only what it counts (status events, webhook marks, the newest event id), and
// can also send webhooks. Several holders run side by side so neither the open-file
// limit of one process nor its single core caps the streams held.
import { Agent, request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { SessionResponse } from '../../shared/widget-api'
import { inBatches, LoopbackHttp } from '../load/loopback-http'
import {
  countPings,
  HOLDER_COMMANDS,
  type HolderCommand,
  type HolderOptions,
  HolderRequest,
  type HolderResult,
  MARK,
  markText,
} from './protocol'

/** Wall-clock ms with sub-ms precision: the same clock in every process of the machine. */
const now = () => performance.timeOrigin + performance.now()

const addresses = (process.env.HOLDER_ADDRESSES ?? '127.0.0.1').split(',')

type Held = {
  visitorId: string
  token: string | undefined
  socket: Socket | undefined
  /** The instance the stream is open on. */
  base: string
  /** The newest `id:` this stream received (its Last-Event-ID on a move). */
  lastId: string | undefined
  statusAt: number | undefined
}

let held: Held[] = []
let watching = false
const delivered = new Map<number, number>()
let duplicates = 0
const http = new LoopbackHttp()

const ID_LINE = /(?:^|\n)id: ([^\n]+)\n/g

/** Heartbeat pings heard by every stream of this holder (the beats' cost is per ping). */
let pings = 0

function onData(stream: Held, chunk: Buffer): void {
  // Heartbeats are most of what arrives: counted without making a string.
  const heard = countPings(chunk)
  pings += heard
  if (heard > 0 && chunk.length < 24) return
  const text = chunk.toString('latin1')
  if (watching && stream.statusAt === undefined && text.includes('event: status'))
    stream.statusAt = now()
  if (!text.includes('cap#')) return
  const at = now()
  for (const match of text.matchAll(MARK)) {
    const seq = Number(match[1])
    if (delivered.has(seq)) duplicates += 1
    else delivered.set(seq, at - Number(match[2]))
  }
  for (const match of text.matchAll(ID_LINE)) stream.lastId = match[1]
}

/** Opens one stream; resolves with why it failed, or undefined once it answered 200. */
function openOne(stream: Held, base: string, index: number, porthole: boolean) {
  const url = new URL(base)
  const path = porthole ? '/api/events' : `/events?visitor=${encodeURIComponent(stream.visitorId)}`
  const headers = [
    `GET ${path} HTTP/1.1`,
    `host: ${url.host}`,
    'accept: text/event-stream',
    ...(stream.token ? [`authorization: Bearer ${stream.token}`] : []),
    ...(stream.lastId ? [`last-event-id: ${stream.lastId}`] : []),
  ]
  return new Promise<string | undefined>((resolve) => {
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      localAddress: addresses[index % addresses.length],
    })
    let answered = false
    socket.once('connect', () => socket.write(`${headers.join('\r\n')}\r\n\r\n`))
    socket.on('data', (chunk: Buffer) => {
      if (answered) return onData(stream, chunk)
      answered = true
      const ok = chunk.subarray(0, 16).toString('latin1').startsWith('HTTP/1.1 200')
      if (!ok) {
        socket.destroy()
        // The status line, and the body where the chunk holds it (the API's error says why).
        const text = chunk.toString('latin1')
        const body = text.includes('\r\n\r\n') ? text.slice(text.indexOf('\r\n\r\n') + 4) : ''
        return resolve(`${text.slice(0, text.indexOf('\r\n'))} ${body.slice(0, 200)}`)
      }
      stream.socket = socket
      stream.base = base
      onData(stream, chunk)
      resolve(undefined)
    })
    socket.on('error', (error) => {
      if (!answered) {
        answered = true
        resolve(error.message)
      }
    })
    socket.on('close', () => {
      if (stream.socket === socket) stream.socket = undefined
      if (!answered) {
        answered = true
        resolve('closed before answering')
      }
    })
  })
}

/** Opens `streams`, each on `baseOf(stream, i)`. */
async function openAll(
  streams: Held[],
  porthole: boolean,
  baseOf: (stream: Held, index: number) => string,
) {
  let failed = 0
  let firstFailure = ''
  await inBatches(streams, 64, async (stream, i) => {
    let failure = await openOne(stream, baseOf(stream, i), i, porthole)
    // Refused for now (503: the store slow under the load, the instance full): the widget
    // tries again, and so does a holder, twice, a second apart.
    for (let retry = 0; retry < 2 && failure?.startsWith('HTTP/1.1 503'); retry++) {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      failure = await openOne(stream, baseOf(stream, i), i, porthole)
    }
    if (failure === undefined) return
    failed += 1
    firstFailure ||= failure
  })
  return { opened: streams.length - failed, failed, firstFailure }
}

async function makeVisitors({ base, count, porthole }: HolderOptions<'visitors'>) {
  if (!porthole) {
    held = Array.from({ length: count }, (_, i) => ({
      visitorId: `raw-${process.pid}-${i}`,
      token: undefined,
      socket: undefined,
      base: '',
      lastId: undefined,
      statusAt: undefined,
    }))
    return { count }
  }
  // Sessions from this holder's first address: the per-address rate limit counts them.
  const agent = new Agent({ keepAlive: true, maxSockets: 48, localAddress: addresses[0] })
  held = await inBatches(Array.from({ length: count }), 48, async () => {
    const session = await postSession(`${base}/api/session`, agent)
    return {
      visitorId: session.visitorId,
      token: session.token,
      socket: undefined,
      base: '',
      lastId: undefined,
      statusAt: undefined,
    }
  })
  agent.destroy()
  return { count: held.length }
}

function postSession(url: string, agent: Agent): Promise<SessionResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => {
          if (res.statusCode !== 200)
            return reject(new Error(`POST /api/session answered ${res.statusCode}: ${text}`))
          resolve(SessionResponse.parse(JSON.parse(text)))
        })
      },
    )
    req.on('error', reject)
    req.end('{}')
  })
}

async function steady(options: HolderOptions<'steady'>) {
  const { hookUrls, ids, rate, seconds, firstSeq } = options
  const acked: number[] = []
  const inFlight = new Set<Promise<void>>()
  const start = performance.now()
  let sent = 0
  const total = Math.round(rate * seconds)
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate))
      while (sent < due) {
        const seq = firstSeq + sent
        const hookUrl = hookUrls[sent % hookUrls.length] as string
        const visitorId = ids[Math.floor(Math.random() * ids.length)] as string
        sent += 1
        const body = {
          sender: { name: 'Bench Agent' },
          recipient: { id: visitorId },
          message: { type: 'text', id: `cap-${seq}`, text: markText(seq, now()) },
        }
        const pending: Promise<void> = http
          .postJson(hookUrl, body)
          .then(
            (response) => {
              if (response.status === 200 && response.text.includes('"result":"ok"'))
                acked.push(seq)
            },
            () => {},
          )
          .finally(() => inFlight.delete(pending))
        inFlight.add(pending)
      }
      if (sent >= total) {
        clearInterval(timer)
        resolve()
      }
    }, 5)
  })
  await Promise.race([Promise.all(inFlight), new Promise((r) => setTimeout(r, 15_000))])
  const unanswered = inFlight.size
  if (unanswered > 0) http.reset()
  return { sent, acked, unanswered }
}

async function move({ count, bases }: HolderOptions<'move'>) {
  const moving = held.filter((stream) => stream.socket).slice(0, count)
  for (const stream of moving) stream.socket?.destroy()
  // Each to an instance other than its own, as when its instance goes away.
  const { opened, failed } = await openAll(moving, true, (stream, i) => {
    const others = bases.filter((base) => base !== stream.base)
    return others[i % Math.max(1, others.length)] ?? stream.base
  })
  return { moved: opened, failed }
}

function run(command: HolderCommand, options: unknown): Promise<HolderResult<HolderCommand>> {
  switch (command) {
    case 'visitors':
      return makeVisitors(HOLDER_COMMANDS.visitors.options.parse(options))
    case 'open': {
      const { bases, porthole } = HOLDER_COMMANDS.open.options.parse(options)
      return openAll(held, porthole, (_, i) => bases[i % bases.length] as string)
    }
    case 'watchStatus':
      for (const stream of held) stream.statusAt = undefined
      watching = true
      return Promise.resolve({ streams: held.filter((stream) => stream.socket).length })
    case 'statusSeen': {
      let seen = 0
      let lastAt: number | undefined
      for (const { statusAt } of held) {
        if (statusAt === undefined) continue
        seen += 1
        lastAt = Math.max(lastAt ?? 0, statusAt)
      }
      return Promise.resolve({ seen, ...(lastAt === undefined ? {} : { lastAt }) })
    }
    case 'ids':
      // Only visitors with an open stream: a webhook to one without would count as lost.
      return Promise.resolve({
        ids: held.filter((stream) => stream.socket).map((stream) => stream.visitorId),
      })
    case 'steady':
      return steady(HOLDER_COMMANDS.steady.options.parse(options))
    case 'deliveries': {
      const result = { seqs: [...delivered.keys()], latencies: [...delivered.values()], duplicates }
      delivered.clear()
      duplicates = 0
      return Promise.resolve(result)
    }
    case 'move':
      return move(HOLDER_COMMANDS.move.options.parse(options))
    case 'closeAll': {
      let closed = 0
      for (const stream of held) {
        if (!stream.socket) continue
        stream.socket.destroy()
        closed += 1
      }
      watching = false
      return Promise.resolve({ closed })
    }
    case 'pings':
      return Promise.resolve({ pings })
  }
}

process.on('message', async (message: unknown) => {
  const parsed = HolderRequest.safeParse(message)
  if (!parsed.success) return
  const { seq, command, options } = parsed.data
  try {
    process.send?.({ seq, result: await run(command, options) })
  } catch (error) {
    process.send?.({ seq, error: error instanceof Error ? error.message : String(error) })
  }
})
