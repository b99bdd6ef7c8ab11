// `npm run bench:profile [-- --store memory|sqlite|redis|raw --seconds 10]`: the backend
// under the benchmark's closed-loop webhook load (bench/backend/phases.ts) with
// `node --cpu-prof`, then where its CPU time went. The profile is kept for Chrome
// DevTools (Performance > Load profile).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startFakeUpstream } from '../../kit/fake-upstream'
import { stopAll } from '../../kit/processes'
import { startRedisServer } from '../../kit/redis-server'
import { PortholeServers, startRawServer } from '../backend/servers'
import { startLoadGenerator } from '../lib/load-client'
import { closedLoopMax } from './closed-loop-max'
import { selfTimes } from './cpu-profile'

const root = fileURLToPath(new URL('../..', import.meta.url))
const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'memory' },
    seconds: { type: 'string', default: '10' },
    visitors: { type: 'string', default: '2000' },
  },
})
const seconds = Number(values.seconds)
const visitors = Number(values.visitors)
if (
  !['memory', 'sqlite', 'redis', 'raw'].includes(values.store) ||
  !(seconds > 0) ||
  !(visitors > 0)
)
  throw new Error('usage: --store memory|sqlite|redis|raw --seconds <n> --visitors <n>')

const log = (message: string) => process.stderr.write(`profile: ${message}\n`)
const percent = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`

const profileDir = mkdtempSync(join(tmpdir(), 'porthole-profile-'))
const upstream = await startFakeUpstream()
const servers = new PortholeServers({ root, upstream, cacheSeconds: 15 })
const redis = values.store === 'redis' ? await startRedisServer() : undefined
const load = startLoadGenerator(join(root, 'bench/load/main.ts'))
try {
  const storeUrl = values.store === 'memory' ? 'memory:' : redis?.url
  const profiling = ['--cpu-prof', '--cpu-prof-dir', profileDir]
  const porthole = values.store !== 'raw'
  if (porthole) {
    // The visitors' sessions come from another instance with the same secrets, so the
    // profile holds little besides the streams and the webhooks.
    const sessions = await servers.start(storeUrl)
    await load.call('visitors', { base: sessions.url, count: visitors, porthole })
    await sessions.stop()
  }
  const server = porthole
    ? await servers.start(storeUrl, profiling)
    : await startRawServer(root, profiling)
  if (!porthole) await load.call('visitors', { base: server.url, count: visitors, porthole })
  const { max, cpuMs } = await closedLoopMax(load, server, seconds)
  await server.stop()
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error(`no profile in ${profileDir}: did the server exit cleanly?`)
  const { functions, origins } = selfTimes(JSON.parse(readFileSync(join(profileDir, file), 'utf8')))
  const lines = [
    `${values.store}: ${max.acked} webhooks in ${max.seconds.toFixed(1)} s (${Math.round(max.acked / max.seconds)}/s), ${(cpuMs / Math.max(1, max.acked)).toFixed(3)} ms of server CPU each`,
    '',
    'self time by origin (the whole process: start-up and opening the streams included):',
    ...origins.slice(0, 12).map((o) => `${percent(o.share)}  ${o.name}`),
    '',
    'heaviest functions (self time):',
    ...functions.slice(0, 30).map((f) => `${percent(f.share)}  ${f.name}  [${f.origin}]`),
    '',
    `profile: ${join(profileDir, file)}`,
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
} catch (error) {
  log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
  process.exitCode = 1
} finally {
  await load.stop()
  await stopAll()
  await redis?.stop()
  await upstream.close()
  servers.cleanUp()
}
