// The load generator, forked by bench/run.mjs: visitors' SSE streams, the service's
// webhooks and status polls, all on loopback. Sending and receiving happen in this one
// process, so webhook -> SSE latency is measured on one clock.
import { Agent, request } from 'node:http'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'

let agent = new Agent({ keepAlive: true, maxSockets: 64 })
let visitors = []
let streams = []
/** seq -> send time (ms, performance clock) of webhooks in flight. */
let sentAt = new Map()
/** seq -> latency (ms) of delivered webhooks. */
let delivered = new Map()
/** seqs the server answered "ok" for: from then on it owes the delivery. */
let acked = new Set()
let duplicates = 0

function post(url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(JSON.stringify(body))
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': data.length, ...headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode, text }))
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode))
    })
    req.on('error', reject)
    req.end()
  })
}

async function inBatches(items, concurrency, work) {
  let index = 0
  const results = []
  async function worker() {
    while (index < items.length) {
      const mine = index++
      results[mine] = await work(items[mine], mine)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}

function onEvent(block) {
  const match = /bench#(\d+)#/.exec(block)
  if (!match) return
  const seq = Number(match[1])
  const start = sentAt.get(seq)
  if (start === undefined) return
  if (delivered.has(seq)) duplicates += 1
  else delivered.set(seq, performance.now() - start)
}

/** Opens one SSE stream; resolves once the server answered 200 (it then idles). */
function openStream(url, headers = {}) {
  return new Promise((resolve) => {
    // Its own socket per stream, as each visitor's browser has.
    const options = { agent: false, headers: { accept: 'text/event-stream', ...headers } }
    const req = request(url, options, (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        resolve(undefined)
        return
      }
      res.setEncoding('utf8')
      let buffer = ''
      res.on('data', (chunk) => {
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          onEvent(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
      })
      res.on('error', () => {})
      resolve(req)
    })
    req.on('error', () => resolve(undefined))
    req.end()
  })
}

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

let sequence = 0

function webhookBody(visitorId, seq) {
  return {
    sender: { name: 'Bench Agent' },
    recipient: { id: visitorId },
    message: { type: 'text', id: `bench-${process.pid}-${seq}`, text: `bench#${seq}# reply` },
  }
}

async function sendWebhook(hookUrl) {
  sequence += 1
  const seq = sequence
  const visitor = visitors[Math.floor(Math.random() * visitors.length)]
  sentAt.set(seq, performance.now())
  const response = await post(hookUrl, webhookBody(visitor.id, seq)).catch(() => undefined)
  const ok = response?.status === 200 && response.text.includes('"result":"ok"')
  if (ok) acked.add(seq)
  return ok
}

const pause = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** Waits until every acknowledged webhook reached its stream, or the grace period ends. */
async function waitForDeliveries(graceMs) {
  const deadline = Date.now() + graceMs
  while ([...acked].some((seq) => !delivered.has(seq)) && Date.now() < deadline) await pause(50)
}

function lostCount() {
  let lost = 0
  for (const seq of acked) if (!delivered.has(seq)) lost += 1
  return lost
}

function resetDeliveries() {
  sentAt = new Map()
  delivered = new Map()
  acked = new Set()
  duplicates = 0
  // The last phase's maps are garbage now: collect them before the clock starts, not
  // in the middle of the measurement (a pause here would be counted as latency).
  globalThis.gc?.()
}

/**
 * This process's own event-loop delay during a phase: a latency figure is only the
 * server's when the load generator itself was not stalled.
 */
function watchOwnDelay() {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  return () => {
    histogram.disable()
    return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 }
  }
}

const commands = {
  /** New visitors through POST /api/session (Porthole) or made-up ids (raw baseline). */
  async visitors({ base, count, porthole }) {
    if (!porthole) {
      visitors = Array.from({ length: count }, (_, i) => ({ id: `raw-visitor-${i}` }))
      return { count }
    }
    const made = await inBatches(Array.from({ length: count }), 32, async () => {
      const response = await post(`${base}/api/session`, {})
      if (response.status !== 200)
        throw new Error(`POST /api/session answered ${response.status}: ${response.text}`)
      const { visitorId, token } = JSON.parse(response.text)
      return { id: visitorId, token }
    })
    visitors = made
    return { count: made.length }
  },
  /** One idle SSE stream per visitor. */
  async open({ base, porthole }) {
    const opened = await inBatches(visitors, 100, (visitor) =>
      porthole
        ? openStream(`${base}/api/events`, { authorization: `Bearer ${visitor.token}` })
        : openStream(`${base}/events?visitor=${encodeURIComponent(visitor.id)}`),
    )
    streams = opened.filter(Boolean)
    return { opened: streams.length, failed: opened.length - streams.length }
  },
  async closeAll() {
    for (const stream of streams) stream.destroy()
    streams = []
    return { closed: true }
  },
  /** Webhooks at a fixed rate to random connected visitors; latency to their SSE stream. */
  async steady({ hookUrl, rate, seconds, graceMs }) {
    resetDeliveries()
    const ownDelay = watchOwnDelay()
    const start = performance.now()
    let sent = 0
    const inFlight = new Set()
    await new Promise((resolve) => {
      const timer = setInterval(() => {
        const elapsed = (performance.now() - start) / 1000
        const due = Math.min(Math.floor(elapsed * rate), rate * seconds)
        while (sent < due) {
          sent += 1
          const pending = sendWebhook(hookUrl).finally(() => inFlight.delete(pending))
          inFlight.add(pending)
        }
        if (elapsed >= seconds) {
          clearInterval(timer)
          resolve()
        }
      }, 5)
    })
    const loadGeneratorDelay = ownDelay()
    // A server that cannot keep up has a backlog: wait for it, but not for ever.
    await Promise.race([Promise.all(inFlight), pause(graceMs)])
    await waitForDeliveries(graceMs)
    const unanswered = inFlight.size
    if (unanswered > 0) {
      agent.destroy()
      agent = new Agent({ keepAlive: true, maxSockets: 64 })
    }
    const latencies = [...delivered.values()].sort((a, b) => a - b)
    return {
      sent,
      acked: acked.size,
      unanswered,
      delivered: delivered.size,
      lost: lostCount(),
      duplicates,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      loadGeneratorDelay,
    }
  },
  /** Closed loop: `concurrency` senders as fast as acks come back, for `seconds`. */
  async max({ hookUrl, seconds, concurrency, graceMs }) {
    resetDeliveries()
    const start = performance.now()
    const deadline = start + seconds * 1000
    let sent = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          sent += 1
          await sendWebhook(hookUrl)
        }
      }),
    )
    const elapsed = (performance.now() - start) / 1000
    await waitForDeliveries(graceMs)
    return {
      sent,
      acked: acked.size,
      delivered: delivered.size,
      lost: lostCount(),
      duplicates,
      seconds: elapsed,
    }
  },
  /** `count` visitors each polling GET /api/status every `pollSeconds`, for `seconds`. */
  async status({ base, count, seconds, pollSeconds }) {
    const times = []
    for (let i = 0; i < count; i++) {
      for (let t = Math.random() * pollSeconds; t < seconds; t += pollSeconds) times.push(t * 1000)
    }
    times.sort((a, b) => a - b)
    const start = performance.now()
    let next = 0
    let ok = 0
    let failed = 0
    const inFlight = new Set()
    await new Promise((resolve) => {
      const timer = setInterval(() => {
        const now = performance.now() - start
        while (next < times.length && times[next] <= now) {
          next += 1
          const pending = get(`${base}/api/status`).then(
            (status) => (status === 200 ? ok++ : failed++),
            () => failed++,
          )
          inFlight.add(pending)
          pending.finally(() => inFlight.delete(pending))
        }
        if (now >= seconds * 1000) {
          clearInterval(timer)
          resolve()
        }
      }, 5)
    })
    await Promise.all(inFlight)
    return { requests: times.length, ok, failed }
  },
}

process.on('message', async ({ seq, command, options }) => {
  try {
    const result = await commands[command](options)
    process.send({ seq, result })
  } catch (error) {
    process.send({ seq, error: error instanceof Error ? error.message : String(error) })
  }
})
