// `npm run bench`: Porthole's benchmark suite. Plain Node; starts everything it needs
// (the built backend, a raw node:http SSE baseline, a fake service, redis-server when
// installed, a load generator) on loopback, each in its own process, and stops them.
// Prints one table and writes bench/results.json (`--quick`, a small version, writes
// bench/results-quick.json instead).
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../scripts/ensure-build.mjs'
import { startFakeUpstream } from './lib/fake-upstream.mjs'
import {
  openFileLimit,
  rssOf,
  startLoadGenerator,
  startNodeServer,
  stopAll,
} from './lib/processes.mjs'
import { findRedisServer, startRedis } from './lib/redis-server.mjs'
import { buildReport } from './lib/report.mjs'
import { measureWidget } from './lib/widget-size.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const quick = process.argv.includes('--quick')
// --no-build measures dist/ as it is (e.g. while a part of the repo does not build).
const build = !process.argv.includes('--no-build')
const plan = quick
  ? {
      streams: 200,
      visitors: 100,
      rate: 100,
      seconds: 2,
      concurrency: 8,
      pollers: 300,
      pollFor: 6,
      cacheSeconds: 2,
    }
  : {
      streams: 10_000,
      visitors: 5000,
      rate: 1000,
      seconds: 10,
      concurrency: 32,
      pollers: 10_000,
      pollFor: 60,
      cacheSeconds: 15,
    }
// Each stream is a socket in the server and one in the load generator; keep a margin.
const fdLimit = openFileLimit()
const streamCount = Math.max(10, Math.min(plan.streams, fdLimit - 300))

const log = (message) => process.stderr.write(`bench: ${message}\n`)
const settle = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds))
const secrets = {
  webhook: randomBytes(16).toString('hex'),
  session: randomBytes(32).toString('hex'),
}
const dataDirs = []

async function startPorthole(upstream, storeUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'porthole-bench-'))
  dataDirs.push(dataDir)
  const server = await startNodeServer(join(root, 'dist/server/main.js'), {
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CHANNEL_URL: upstream.channelUrl,
      WEBHOOK_SECRET: secrets.webhook,
      SESSION_SECRET: secrets.session,
      STORE_URL: storeUrl ?? `sqlite:${join(dataDir, 'porthole.db')}`,
      PORTHOLE_DATA_DIR: dataDir,
      STATUS_CACHE_SECONDS: String(plan.cacheSeconds),
      // The load generator is one IP opening thousands of sessions.
      RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
      // ... and of all of their streams, more than one instance is meant to hold.
      MAX_STREAMS_PER_IP: '1000000',
      MAX_STREAMS: '10000000',
    },
  })
  return { ...server, hookUrl: `${server.url}/hooks/${secrets.webhook}/${upstream.channelId}` }
}

async function startRaw() {
  const server = await startNodeServer(join(root, 'bench/raw-sse-server.mjs'))
  return { ...server, hookUrl: `${server.url}/hooks/raw/raw` }
}

/**
 * Opens one idle stream per visitor already made and returns the server's RSS growth
 * per stream. The server is fresh: no other request ran in it, so garbage from
 * earlier work cannot be collected during the measurement and flatter the figure.
 */
async function capacity(load, server, porthole) {
  await settle(1000)
  const before = rssOf(server.pid)
  const { opened, failed } = await load.call('open', { base: server.url, porthole })
  await settle(3000)
  const after = rssOf(server.pid)
  await load.call('closeAll')
  return { opened, failed, perStream: (after - before) / Math.max(1, opened) }
}

/**
 * With plan.visitors streams open: the closed-loop maximum first (it never builds a
 * backlog), then the steady rate (which may, on a server slower than the rate).
 */
async function delivery(load, server, porthole) {
  await load.call('visitors', { base: server.url, count: plan.visitors, porthole })
  const { opened } = await load.call('open', { base: server.url, porthole })
  const graceMs = 15_000
  const max = await load.call('max', {
    hookUrl: server.hookUrl,
    seconds: plan.seconds,
    concurrency: plan.concurrency,
    graceMs,
  })
  const steady = await load.call('steady', {
    hookUrl: server.hookUrl,
    rate: plan.rate,
    seconds: plan.seconds,
    graceMs,
  })
  await load.call('closeAll')
  return { opened, steady, max: { ...max, rate: max.acked / max.seconds } }
}

async function main() {
  const started = Date.now()
  if (build) ensureBuild()
  if (!existsSync(join(root, 'dist/server/main.js'))) {
    throw new Error('dist/server/main.js is missing: run `npm run build` (or drop --no-build)')
  }
  const upstream = await startFakeUpstream()
  const load = startLoadGenerator(join(root, 'bench/load.mjs'))
  const results = { widget: measureWidget(join(root, 'dist/widget')) }
  // The last full `npm run drill` (its lost / duplicated figures join the table).
  const drillFile = join(root, 'bench/drill-results.json')
  if (existsSync(drillFile)) results.drill = JSON.parse(readFileSync(drillFile, 'utf8'))

  log(`SSE capacity: ${streamCount} idle streams (open-file limit ${fdLimit})`)
  // Visitors' tokens come from another instance with the same SESSION_SECRET, as
  // behind a load balancer, so the measured one serves nothing but the streams.
  let server = await startPorthole(upstream)
  await load.call('visitors', { base: server.url, count: streamCount, porthole: true })
  await server.stop()
  server = await startPorthole(upstream)
  results.capacity = await capacity(load, server, true)
  await server.stop()
  server = await startRaw()
  await load.call('visitors', { base: server.url, count: streamCount, porthole: false })
  results.rawCapacity = await capacity(load, server, false)
  await server.stop()

  log(
    `delivery: ${plan.rate} webhooks/s for ${plan.seconds} s with ${plan.visitors} streams, then the maximum`,
  )
  server = await startPorthole(upstream)
  results.delivery = await delivery(load, server, true)
  await server.stop()
  server = await startPorthole(upstream, 'memory:')
  results.memoryDelivery = await delivery(load, server, true)
  await server.stop()
  server = await startRaw()
  results.rawDelivery = await delivery(load, server, false)
  await server.stop()

  log(`status: ${plan.pollers} visitors polling for ${plan.pollFor} s`)
  server = await startPorthole(upstream)
  const config = await (await fetch(`${server.url}/api/config`)).json()
  upstream.resetStatusCalls()
  const polls = await load.call('status', {
    base: server.url,
    count: plan.pollers,
    seconds: plan.pollFor,
    pollSeconds: config.statusPollSeconds,
  })
  results.status = {
    ...polls,
    pollSeconds: config.statusPollSeconds,
    upstreamCalls: upstream.statusCalls(),
  }
  await server.stop()

  const redisBinary = findRedisServer()
  if (redisBinary) {
    log('delivery again on the redis store')
    const redis = await startRedis(redisBinary)
    server = await startPorthole(upstream, redis.url)
    results.redisDelivery = await delivery(load, server, true)
    await server.stop()
    await redis.stop()
  }

  await load.stop()
  await upstream.close()
  const seconds = (Date.now() - started) / 1000
  const report = buildReport({ results, plan, quick, streamCount, fdLimit, seconds })
  process.stdout.write(`${report.text}\n`)
  // A quick run never overwrites the record of the last full one.
  const file = quick ? 'bench/results-quick.json' : 'bench/results.json'
  writeFileSync(join(root, file), `${JSON.stringify(report.json, null, 2)}\n`)
  log(`results written to ${file}`)
}

try {
  await main()
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exitCode = 1
} finally {
  await stopAll()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
}
