// `npm run bench`: Porthole's benchmark suite. Starts everything it needs (the built
// backend, a raw node:http SSE baseline, a fake service, redis-server when installed,
// a load generator, the system Chromium for Lighthouse) on loopback, each in its own
// process, and stops them. Prints one table and writes bench/results.json (`--quick`, a
// small version, writes bench/results-quick.json instead).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { planBrowser } from '../kit/chromium'
import { startFakeUpstream } from '../kit/fake-upstream'
import { freePort } from '../kit/free-port'
import { openFileLimit, stopAll } from '../kit/processes'
import { redisAvailability, startRedisServer } from '../kit/redis-server'
import { PublicConfig } from '../shared/widget-api'
import { delivery } from './backend/phases'
import { type MeasuredServer, PortholeServers, startRawServer } from './backend/servers'
import { runCapacity } from './capacity/run-capacity'
import type { ScaleRun } from './capacity/scale'
import { measureHelpSearch } from './help/help-search'
import { numberOption, optionValue } from './lib/argv'
import { ensureBuild } from './lib/ensure-build'
import { startLoadGenerator } from './lib/load-client'
import { type BenchResults, DrillRecord, type Plan } from './lib/results'
import { measureWidget } from './lib/widget-size'
import { type Embed, hostOrigin, startHostPage } from './lighthouse/host-page'
import { measurePageCost, type PageCost } from './lighthouse/page-cost'
import { buildReport } from './report/build-report'
import { measureTapToChat, type TapResults } from './tap/tap-to-chat'

const root = fileURLToPath(new URL('..', import.meta.url))
const quick = process.argv.includes('--quick')
// --only page,capacity,delivery,status,tap,help: run those parts of the benchmark (all by default);
// such a run writes bench/results-<parts>.json and leaves the full record alone.
const PARTS = ['page', 'capacity', 'delivery', 'status', 'tap', 'help'] as const
type Part = (typeof PARTS)[number]
const only: Part[] | undefined = optionValue('--only')
  ?.split(',')
  .map((part) => {
    if (!PARTS.includes(part as Part))
      throw new Error(`--only takes a comma-separated list of ${PARTS.join(', ')}; got ${part}`)
    return part as Part
  })
const runs = (part: Part) => !only || only.includes(part)
// --embed tag: the page rows with the plain script tag instead of the recommended embed
// (shared/embed-code.ts: widget.js added 250 ms after the load event).
const embedArgument = optionValue('--embed') ?? 'after-load'
if (embedArgument !== 'tag' && embedArgument !== 'after-load')
  throw new Error(`--embed takes tag or after-load; got ${embedArgument}`)
const embed: Embed = embedArgument
// --stores redis,raw: the delivery rows of those servers only (all by default).
const storesArgument = optionValue('--stores')?.split(',')
for (const store of storesArgument ?? []) {
  if (!['sqlite', 'memory', 'redis', 'raw'].includes(store))
    throw new Error(
      `--stores takes a comma-separated list of sqlite, memory, redis, raw; got ${store}`,
    )
}
const measures = (store: string) => !storesArgument || storesArgument.includes(store)
// --no-build measures dist/ as it is (e.g. while a part of the repo does not build).
const build = !process.argv.includes('--no-build')
const basePlan: Plan = quick
  ? {
      runs: 1,
      streams: 400,
      visitors: 100,
      rate: 100,
      seconds: 2,
      concurrency: 8,
      pollers: 300,
      pollFor: 6,
      cacheSeconds: 2,
      lighthousePairs: 1,
      firstOpens: 1,
      quiet: false,
    }
  : {
      runs: 3,
      streams: 100_000,
      visitors: 5000,
      rate: 1000,
      seconds: 10,
      concurrency: 32,
      pollers: 10_000,
      pollFor: 60,
      cacheSeconds: 15,
      lighthousePairs: 5,
      firstOpens: 3,
      quiet: true,
    }
// The capacity part raises the open-file limit of its processes where it may and
// measures as many streams as the limit allows where it may not (bench/capacity/).
const fdLimit = openFileLimit()
// --streams N: the capacity part with N streams on one instance (N/2 on each of the pair).
const streamsArgument = numberOption('--streams')
if (streamsArgument !== undefined && !(Number.isInteger(streamsArgument) && streamsArgument >= 2))
  throw new Error('--streams takes a whole number of streams, at least 2')
// --quiet / --no-quiet: hold the streams twice more, on an instance beating every second
// and on one with no beat in the window, for the heartbeat's cost (the first's CPU over
// the window minus the second's, per ping heard); on in a full run, off with --quick.
const quietArgument = process.argv.includes('--quiet')
  ? true
  : process.argv.includes('--no-quiet')
    ? false
    : undefined
// --runs N: the capacity, delivery and status parts N times (3 in a full run, 1 with --quick).
const runsArgument = numberOption('--runs')
if (runsArgument !== undefined && !(Number.isInteger(runsArgument) && runsArgument >= 1))
  throw new Error('--runs takes a whole number of runs, at least 1')
// --visitors N: the delivery part with N visitors' streams open (5,000 in a full run).
const visitorsArgument = numberOption('--visitors')
if (
  visitorsArgument !== undefined &&
  !(Number.isInteger(visitorsArgument) && visitorsArgument >= 1)
)
  throw new Error('--visitors takes a whole number of visitors, at least 1')
const plan: Plan = {
  ...basePlan,
  runs: runsArgument ?? basePlan.runs,
  visitors: visitorsArgument ?? basePlan.visitors,
  streams: streamsArgument ?? basePlan.streams,
  quiet: quietArgument ?? basePlan.quiet,
}

const log = (message: string) => process.stderr.write(`bench: ${message}\n`)

async function pageCost(servers: PortholeServers, port: number): Promise<PageCost | string> {
  const browser = planBrowser(process.env)
  if (!browser.run) return browser.message
  const server = await servers.start()
  const page = await startHostPage({
    port,
    widgetSrc: `${server.url}/widget.js`,
    heroImage: join(root, 'demo/site/media/lake.jpg'),
    embed,
  })
  try {
    return await measurePageCost({
      executablePath: browser.executablePath,
      page,
      widgetOrigin: server.url,
      pairs: plan.lighthousePairs,
      firstOpens: plan.firstOpens,
      warmUp: !quick,
      log,
    })
  } finally {
    await page.close()
    await server.stop()
  }
}

async function tapToChat(): Promise<TapResults | string> {
  const browser = planBrowser(process.env)
  if (!browser.run) return browser.message
  return measureTapToChat({
    root,
    executablePath: browser.executablePath,
    runs: quick ? 1 : 5,
    loadAverage: loadavg,
    log,
  })
}

function readDrill(): BenchResults['drill'] {
  // The last full `npm run drill` (its lost / duplicated figures join the table).
  const file = join(root, 'bench/drill-results.json')
  if (!existsSync(file)) return undefined
  const record = DrillRecord.safeParse(JSON.parse(readFileSync(file, 'utf8')))
  if (!record.success) log(`ignoring ${file}: ${record.error.message}`)
  return record.success ? record.data : undefined
}

async function main(servers: PortholeServers, hostPort: number): Promise<BenchResults> {
  const { upstream } = servers.settings
  const load = startLoadGenerator(join(root, 'bench/load/main.ts'))
  const redis = redisAvailability()
  const results: BenchResults = {
    widget: measureWidget(join(root, 'dist/widget')),
    page: 'not run',
    capacity: [],
    rawCapacity: [],
    delivery: { sqlite: [], memory: [], redis: [], raw: [] },
    status: [],
    pollSeconds: 0,
    ...(redis
      ? {}
      : {
          redisSkipped:
            'no redis-server binary found; install redis-server (or set REDIS_URL) to measure the redis store',
        }),
    drill: readDrill(),
  }

  // First, while nothing else of the benchmark runs on the machine.
  if (runs('page')) {
    log(`page: Lighthouse, ${plan.lighthousePairs} pair(s) of runs without / with the widget`)
    results.page = await pageCost(servers, hostPort)
  }

  // Tap to chat on the phone profile (bench/tap/), also while nothing else of the benchmark runs.
  if (runs('tap')) results.tap = await tapToChat()

  // Article search over HTTP at 500 and 10,000 articles, before the load generator runs.
  if (runs('help')) {
    log('help: article search at 500 and 10,000 articles')
    results.help = await measureHelpSearch(servers, [500, 10_000], quick ? 100 : 500)
  }

  for (
    let run = 1;
    run <= plan.runs && (runs('capacity') || runs('delivery') || runs('status'));
    run++
  ) {
    if (runs('capacity')) await measureCapacity(run)
    if (runs('delivery')) await measureDelivery(run)
    if (runs('status')) await measureStatus()
  }
  await load.stop()
  return results

  async function measureCapacity(run: number): Promise<void> {
    log(
      `run ${run} of ${plan.runs}: SSE capacity, ${plan.streams} idle streams (open-file limit ${fdLimit})`,
    )
    // Holder processes open the streams; visitors' tokens come from another instance with
    // the same SESSION_SECRET, as behind a load balancer, so the measured one serves
    // nothing but the streams (and the webhooks of the steady phase).
    const scale = await runCapacity(
      servers,
      root,
      {
        streams: plan.streams,
        rate: plan.rate,
        seconds: plan.seconds,
        move: plan.streams / 100,
        quiet: plan.quiet,
      },
      log,
    )
    results.scale = [...(results.scale ?? []), scale]
    const row = (run: ScaleRun) => ({
      opened: run.opened,
      failed: run.failed,
      perStream: run.instances[0]?.rssPerStream ?? 0,
    })
    results.capacity.push(row(scale.single))
    results.rawCapacity.push(row(scale.raw))
  }

  async function measureDelivery(run: number): Promise<void> {
    log(
      `run ${run} of ${plan.runs}: delivery, the maximum, then ${plan.rate} webhooks/s for ${plan.seconds} s, ${plan.visitors} streams`,
    )
    let server: MeasuredServer
    const stores: [keyof BenchResults['delivery'], () => Promise<MeasuredServer>][] = [
      ['sqlite', () => servers.start()],
      ['memory', () => servers.start('memory:')],
      ['raw', () => startRawServer(root)],
    ]
    for (const [store, start] of stores) {
      if (!measures(store)) continue
      server = await start()
      results.delivery[store].push(await delivery(load, server, plan))
      await server.stop()
    }
    if (redis && measures('redis')) {
      const redisServer = await startRedisServer()
      server = await servers.start(redisServer.url)
      results.delivery.redis.push(await delivery(load, server, plan))
      await server.stop()
      await redisServer.stop()
    }
  }

  async function measureStatus(): Promise<void> {
    log(`status: ${plan.pollers} visitors polling for ${plan.pollFor} s`)
    const server = await servers.start()
    const { statusPollSeconds: pollSeconds } = PublicConfig.parse(
      await (await fetch(`${server.url}/api/config`)).json(),
    )
    const callsBefore = upstream.statusCalls()
    const polls = await load.call('status', {
      base: server.url,
      count: plan.pollers,
      seconds: plan.pollFor,
      pollSeconds,
    })
    results.status.push({ ...polls, upstreamCalls: upstream.statusCalls() - callsBefore })
    results.pollSeconds = pollSeconds
    await server.stop()
  }
}

const started = Date.now()
const hostPort = await freePort()
const upstream = await startFakeUpstream()
const servers = new PortholeServers({
  root,
  upstream,
  cacheSeconds: plan.cacheSeconds,
  allowedOrigins: hostOrigin(hostPort),
})
try {
  if (build) ensureBuild()
  if (!existsSync(join(root, 'dist/server/main.js')))
    throw new Error('dist/server/main.js is missing: run `npm run build` (or drop --no-build)')
  const results = await main(servers, hostPort)
  const seconds = (Date.now() - started) / 1000
  const report = buildReport({ results, plan, quick, fdLimit, seconds, only, embed })
  process.stdout.write(`${report.text}\n`)
  // A quick run never overwrites the record of the last full one.
  const file = only
    ? `bench/results-${only.join('-')}${embed === 'after-load' ? '' : `-${embed}`}${quick ? '-quick' : ''}.json`
    : quick
      ? 'bench/results-quick.json'
      : 'bench/results.json'
  writeFileSync(join(root, file), `${JSON.stringify(report.json, null, 2)}\n`)
  log(`results written to ${file}`)
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exitCode = 1
} finally {
  await stopAll()
  await upstream.close()
  servers.cleanUp()
}
