// The load generator's state and commands: visitors, their idle SSE streams, webhooks
// at a fixed rate or as fast as they are acknowledged, and status polls. Sending and
// receiving happen in this one process, so webhook → SSE latency is on one clock.
import type { ClientRequest } from 'node:http'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import type { SseEvent } from '../../kit/sse'
import { SessionResponse } from '../../shared/widget-api'
import { percentile } from '../lib/stats'
import { benchText, DeliveryTally } from './delivery-tally'
import { inBatches, LoopbackHttp } from './loopback-http'
import { LOAD_COMMANDS, type LoadCommand, type LoadOptions, type LoadResult } from './protocol'
import { openStream } from './sse-stream'

type Visitor = { id: string; token?: string }

const pause = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds))

/** Calls `tick` every 5 ms until it returns true. */
function everyFewMs(tick: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!tick()) return
      clearInterval(timer)
      resolve()
    }, 5)
  })
}

/**
 * This process's own event-loop delay during a phase: a latency figure is only the
 * server's when the load generator itself was not stalled.
 */
function watchOwnDelay(): () => { p99: number; max: number } {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  return () => {
    histogram.disable()
    return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 }
  }
}

export class LoadGenerator {
  readonly #http = new LoopbackHttp()
  #visitors: Visitor[] = []
  #streams: ClientRequest[] = []
  #tally = new DeliveryTally()
  #sequence = 0

  /** Runs one command of the protocol with its options parsed. */
  run(command: LoadCommand, options: unknown): Promise<LoadResult<LoadCommand>> {
    switch (command) {
      case 'visitors':
        return this.#makeVisitors(LOAD_COMMANDS.visitors.options.parse(options))
      case 'open':
        return this.#open(LOAD_COMMANDS.open.options.parse(options))
      case 'closeAll':
        return Promise.resolve(this.#closeAll())
      case 'steady':
        return this.#steady(LOAD_COMMANDS.steady.options.parse(options))
      case 'max':
        return this.#max(LOAD_COMMANDS.max.options.parse(options))
      case 'status':
        return this.#status(LOAD_COMMANDS.status.options.parse(options))
    }
  }

  async #makeVisitors({ base, count, porthole }: LoadOptions<'visitors'>) {
    if (!porthole) {
      this.#visitors = Array.from({ length: count }, (_, i) => ({ id: `raw-visitor-${i}` }))
      return { count }
    }
    this.#visitors = await inBatches(Array.from({ length: count }), 32, async () => {
      const response = await this.#http.postJson(`${base}/api/session`, {})
      if (response.status !== 200)
        throw new Error(`POST /api/session answered ${response.status}: ${response.text}`)
      const session = SessionResponse.parse(JSON.parse(response.text))
      return { id: session.visitorId, token: session.token }
    })
    return { count: this.#visitors.length }
  }

  async #open({ base, porthole }: LoadOptions<'open'>) {
    const onEvent = (event: SseEvent) => this.#tally.received(event.data, performance.now())
    const opened = await inBatches(this.#visitors, 100, (visitor) =>
      porthole
        ? openStream(`${base}/api/events`, { authorization: `Bearer ${visitor.token}` }, onEvent)
        : openStream(`${base}/events?visitor=${encodeURIComponent(visitor.id)}`, {}, onEvent),
    )
    this.#streams = opened.filter((stream) => stream !== undefined)
    return { opened: this.#streams.length, failed: opened.length - this.#streams.length }
  }

  #closeAll() {
    const closed = this.#streams.length
    for (const stream of this.#streams) stream.destroy()
    this.#streams = []
    return { closed }
  }

  #newPhase(): DeliveryTally {
    this.#tally = new DeliveryTally()
    // The last phase's tally is garbage now: collect it before the clock starts, not in
    // the middle of the measurement (a pause there would be counted as latency).
    globalThis.gc?.()
    return this.#tally
  }

  async #sendWebhook(hookUrl: string, tally: DeliveryTally): Promise<void> {
    this.#sequence += 1
    const seq = this.#sequence
    const visitor = this.#visitors[Math.floor(Math.random() * this.#visitors.length)]
    if (!visitor) throw new Error('no visitors: run the visitors command first')
    const body = {
      sender: { name: 'Bench Agent' },
      recipient: { id: visitor.id },
      message: { type: 'text', id: `bench-${process.pid}-${seq}`, text: benchText(seq) },
    }
    tally.sent(seq, performance.now())
    const response = await this.#http.postJson(hookUrl, body).catch(() => undefined)
    if (response?.status === 200 && response.text.includes('"result":"ok"')) tally.acknowledged(seq)
  }

  /** Waits until every acknowledged webhook reached its stream, or the grace period ends. */
  async #waitForDeliveries(tally: DeliveryTally, graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs
    while (tally.lost() > 0 && Date.now() < deadline) await pause(50)
  }

  async #steady({ hookUrl, rate, seconds, graceMs }: LoadOptions<'steady'>) {
    const tally = this.#newPhase()
    const ownDelay = watchOwnDelay()
    const start = performance.now()
    let sent = 0
    const inFlight = new Set<Promise<void>>()
    await everyFewMs(() => {
      const elapsed = (performance.now() - start) / 1000
      const due = Math.min(Math.floor(elapsed * rate), rate * seconds)
      while (sent < due) {
        sent += 1
        const pending: Promise<void> = this.#sendWebhook(hookUrl, tally).finally(() =>
          inFlight.delete(pending),
        )
        inFlight.add(pending)
      }
      return elapsed >= seconds
    })
    const loadGeneratorDelay = ownDelay()
    // A server that cannot keep up has a backlog: wait for it, but not for ever.
    await Promise.race([Promise.all(inFlight), pause(graceMs)])
    await this.#waitForDeliveries(tally, graceMs)
    const unanswered = inFlight.size
    if (unanswered > 0) this.#http.reset()
    const latencies = tally.latencies()
    return {
      sent,
      acked: tally.ackedCount,
      unanswered,
      delivered: tally.deliveredCount,
      lost: tally.lost(),
      duplicates: tally.duplicates,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1),
      loadGeneratorDelay,
    }
  }

  async #max({ hookUrl, seconds, concurrency, graceMs }: LoadOptions<'max'>) {
    const tally = this.#newPhase()
    const start = performance.now()
    const deadline = start + seconds * 1000
    let sent = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          sent += 1
          await this.#sendWebhook(hookUrl, tally)
        }
      }),
    )
    const elapsed = (performance.now() - start) / 1000
    await this.#waitForDeliveries(tally, graceMs)
    return {
      sent,
      acked: tally.ackedCount,
      delivered: tally.deliveredCount,
      lost: tally.lost(),
      duplicates: tally.duplicates,
      seconds: elapsed,
    }
  }

  async #status({ base, count, seconds, pollSeconds }: LoadOptions<'status'>) {
    const times: number[] = []
    for (let i = 0; i < count; i++) {
      for (let t = Math.random() * pollSeconds; t < seconds; t += pollSeconds) times.push(t * 1000)
    }
    times.sort((a, b) => a - b)
    const start = performance.now()
    let next = 0
    let ok = 0
    let failed = 0
    const inFlight = new Set<Promise<void>>()
    await everyFewMs(() => {
      const now = performance.now() - start
      while (next < times.length && (times[next] as number) <= now) {
        next += 1
        const pending: Promise<void> = this.#http
          .status(`${base}/api/status`)
          .then(
            (status) => {
              if (status === 200) ok += 1
              else failed += 1
            },
            () => {
              failed += 1
            },
          )
          .finally(() => inFlight.delete(pending))
        inFlight.add(pending)
      }
      return now >= seconds * 1000
    })
    await Promise.all(inFlight)
    return { requests: times.length, ok, failed }
  }
}
