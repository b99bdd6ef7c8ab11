// `npx tsx bench/heartbeat/idle-split.ts --server porthole|raw --streams 18000 --beat 25 --seconds 50`:
// where an idle server's CPU goes while it holds streams. The built server (or the raw
// node:http one) holds `streams` idle streams from holder processes (bench/capacity/),
// with HEARTBEAT_SECONDS=`beat`; for `seconds` it samples every second each of the
// server's threads (/proc/<pid>/task/*/stat: user and system apart), the holders and
// the whole machine (/proc/stat, softirq included). Run it with a beat longer than the
// window (300) for what holding the streams costs without a beat, and with a short one
// (5) for what each beat adds; the difference per beat and stream is the heartbeat's cost.
import { mkdtempSync, readFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startFakeUpstream } from '../../kit/fake-upstream'
import { stopAll, ticksPerSecond } from '../../kit/processes'
import { type MeasuredServer, PortholeServers, startRawServer } from '../backend/servers'
import { type Holder, holderShares, startHolders } from '../capacity/holders'
import { raiseOpenFiles } from '../capacity/open-files'
import { instanceCap } from '../capacity/scale'
import { cpuSplit, type ThreadTimes, threadTimes } from './thread-times'

const root = fileURLToPath(new URL('../..', import.meta.url))
const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'porthole' },
    streams: { type: 'string', default: '18000' },
    beat: { type: 'string', default: '25' },
    seconds: { type: 'string', default: '50' },
    store: { type: 'string', default: 'sqlite' },
    'cpu-prof': { type: 'boolean', default: false },
    'trace-gc': { type: 'boolean', default: false },
  },
})
const porthole = values.server !== 'raw'
const wanted = Number(values.streams)
const beat = Number(values.beat)
const seconds = Number(values.seconds)
if (!(wanted > 0 && beat >= 1 && seconds > 0) || !['porthole', 'raw'].includes(values.server))
  throw new Error('usage: --server porthole|raw --streams <n> --beat <s> --seconds <s>')

const log = (message: string) => process.stderr.write(`idle-split: ${message}\n`)
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond()

/** The machine's CPU time so far by kind, in clock ticks (the first line of /proc/stat). */
function machineTimes() {
  const [, user, nice, system, idle, iowait, irq, softirq] = (
    readFileSync('/proc/stat', 'utf8').split('\n')[0] as string
  )
    .trim()
    .split(/\s+/)
    .map(Number)
  return {
    user: (user ?? 0) + (nice ?? 0),
    system: system ?? 0,
    idle: (idle ?? 0) + (iowait ?? 0),
    irq: irq ?? 0,
    softirq: softirq ?? 0,
  }
}

const openFiles = raiseOpenFiles(Math.ceil(wanted * 1.25) + 1000)
if (openFiles.note) log(openFiles.note)
const streams = Math.min(wanted, instanceCap(openFiles.limit))
const upstream = await startFakeUpstream()
const servers = new PortholeServers({ root, upstream, cacheSeconds: 15 })
const nodeArgs = [
  ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', '/tmp/idle-split-prof'] : []),
  ...(values['trace-gc'] ? ['--trace-gc'] : []),
]
// --trace-gc writes to stdout, which the bench's children do not keep: a shell sends it
// to a file and execs node in its place (same pid).
const gcLog = join(mkdtempSync(join(tmpdir(), 'idle-split-')), 'gc.log')
const measuredWrap = values['trace-gc']
  ? [...openFiles.wrap, 'sh', '-c', `exec "$@" > ${gcLog}`, 'sh']
  : openFiles.wrap
const extra = { env: { HEARTBEAT_SECONDS: String(beat) }, wrap: openFiles.wrap }
const measuredExtra = { ...extra, wrap: measuredWrap }
let holders: Holder[] = []
let server: MeasuredServer | undefined
try {
  const storeUrl = values.store === 'memory' ? 'memory:' : undefined
  const issuer = porthole ? await servers.start('memory:', [], extra) : undefined
  const startedAt = Date.now()
  server = porthole
    ? await servers.start(storeUrl, nodeArgs, measuredExtra)
    : await startRawServer(root, nodeArgs, measuredExtra)
  holders = startHolders(holderShares(streams, openFiles.limit), openFiles.wrap)
  const base = (issuer ?? server).url
  await Promise.all(holders.map((h) => h.call('visitors', { base, count: h.share, porthole })))
  await issuer?.stop()
  const opens = await Promise.all(
    holders.map((h) => h.call('open', { bases: [server?.url as string], porthole })),
  )
  const opened = opens.reduce((sum, o) => sum + o.opened, 0)
  log(`${values.server}: ${opened} streams open, HEARTBEAT_SECONDS=${beat}; settling 5 s`)
  await pause(5000)
  const pid = server.pid
  const load = [loadavg()[0]]
  const windowAt = Date.now() - startedAt
  const first: ThreadTimes = threadTimes(pid)
  const holdersFirst = holders.map((h) => threadTimes(h.pid))
  const machineFirst = machineTimes()
  const perSecond: number[] = []
  let previous = first
  for (let s = 0; s < seconds; s++) {
    await pause(1000)
    const now = threadTimes(pid)
    const { total } = cpuSplit(previous, now)
    perSecond.push(ms(total.user + total.system))
    previous = now
  }
  load.push(loadavg()[0])
  const split = cpuSplit(first, previous)
  const holdersCpu = holders.reduce((sum, h, i) => {
    const s = cpuSplit(holdersFirst[i] as ThreadTimes, threadTimes(h.pid)).total
    return sum + s.user + s.system
  }, 0)
  const machine = machineTimes()
  const window = seconds * 1000
  const line = (name: string, t: { user: number; system: number }) =>
    `  ${name.padEnd(22)} user ${ms(t.user).toFixed(0).padStart(6)} ms  system ${ms(t.system).toFixed(0).padStart(6)} ms  = ${((ms(t.user + t.system) / window) * 100).toFixed(3)} % of a core`
  console.log(
    [
      `${values.server} (${porthole ? values.store : 'node:http'}), ${opened} streams, HEARTBEAT_SECONDS=${beat}, ${seconds} s window, load ${load.join(' -> ')}`,
      line('whole process', split.total),
      ...split.byName.map((t) => line(t.name, t)),
      `  holders (all threads)  ${ms(holdersCpu).toFixed(0)} ms`,
      `  machine: softirq ${ms(machine.softirq - machineFirst.softirq).toFixed(0)} ms, irq ${ms(machine.irq - machineFirst.irq).toFixed(0)} ms (both cores, everything)`,
      `  server CPU per second (ms): ${perSecond.map((v) => v.toFixed(0)).join(' ')}`,
      ...(values['trace-gc']
        ? [
            `  window: ${windowAt} to ${windowAt + seconds * 1000} ms after the server started; its collections:`,
            ...readFileSync(gcLog, 'utf8')
              .split('\n')
              .filter((l) => Number(/(\d+) ms: /.exec(l)?.[1] ?? -1) >= windowAt)
              .map((l) => `    ${l.replace(/^\[[^\]]*\]\s*/, '')}`),
          ]
        : []),
      `  per stream per second of window: ${((ms(split.total.user + split.total.system) * 1000) / opened / seconds).toFixed(3)} µs`,
    ].join('\n'),
  )
  await Promise.all(holders.map((h) => h.call('closeAll', {})))
} finally {
  await server?.stop()
  await Promise.all(holders.map((h) => h.stop()))
  await upstream.close()
  servers.cleanUp()
  await stopAll()
}
