// `npx tsx bench/profile/webhook-ab.ts --base <another worktree, built> [--stores sqlite,redis,memory]
// [--pairs 3] [--seconds 8]`: the delivery row's closed-loop webhook load (as bench:profile
// drives it) on this worktree's built backend and on another's, by turns (A B, B A, ...),
// with raw node:http in every pair. Prints the rate and the server's CPU per webhook of
// each, and their ratios to raw in the same pair: on a shared machine the CPU per webhook
// is the steadier figure.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startFakeUpstream } from '../../kit/fake-upstream'
import { stopAll } from '../../kit/processes'
import { startRedisServer } from '../../kit/redis-server'
import { type MeasuredServer, PortholeServers, startRawServer } from '../backend/servers'
import { startLoadGenerator } from '../lib/load-client'
import { pairOrder, ratioSummary } from './ab-summary'
import { closedLoopMax } from './closed-loop-max'

const here = fileURLToPath(new URL('../..', import.meta.url))
const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    stores: { type: 'string', default: 'sqlite,redis,memory' },
    pairs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    visitors: { type: 'string', default: '2000' },
  },
})
if (!values.base)
  throw new Error('usage: --base <worktree with dist/> [--stores] [--pairs] [--seconds]')
const stores = values.stores.split(',')
const pairs = Number(values.pairs)
const seconds = Number(values.seconds)
const visitors = Number(values.visitors)

type Run = { rate: number; cpuMs: number }
const upstream = await startFakeUpstream()
const redis = stores.includes('redis') ? await startRedisServer() : undefined
const load = startLoadGenerator(join(here, 'bench/load/main.ts'))
const roots = { new: here, base: values.base }
const servers = {
  new: new PortholeServers({ root: roots.new, upstream, cacheSeconds: 15 }),
  base: new PortholeServers({ root: roots.base, upstream, cacheSeconds: 15 }),
}

async function measure(server: MeasuredServer): Promise<Run> {
  const { max, cpuMs } = await closedLoopMax(load, server, seconds)
  await server.stop()
  return { rate: max.acked / max.seconds, cpuMs: cpuMs / Math.max(1, max.acked) }
}

async function porthole(which: 'new' | 'base', store: string): Promise<Run> {
  const storeUrl = store === 'memory' ? 'memory:' : store === 'redis' ? redis?.url : undefined
  const sessions = await servers[which].start(storeUrl)
  await load.call('visitors', { base: sessions.url, count: visitors, porthole: true })
  await sessions.stop()
  return measure(await servers[which].start(storeUrl))
}

async function raw(): Promise<Run> {
  const server = await startRawServer(here)
  await load.call('visitors', { base: server.url, count: visitors, porthole: false })
  return measure(server)
}

try {
  for (const store of stores) {
    const ratios = {
      new: { rate: [] as number[], cpu: [] as number[] },
      base: { rate: [] as number[], cpu: [] as number[] },
    }
    for (let pair = 0; pair < pairs; pair++) {
      const order = pairOrder(pair)
      const reference = await raw()
      for (const which of order) {
        const run = await porthole(which, store)
        ratios[which].rate.push(run.rate / reference.rate)
        ratios[which].cpu.push(run.cpuMs / reference.cpuMs)
        process.stdout.write(
          `${store} pair ${pair + 1} ${which}: ${Math.round(run.rate)}/s, ${(run.cpuMs * 1000).toFixed(0)} µs CPU per webhook; raw ${Math.round(reference.rate)}/s, ${(reference.cpuMs * 1000).toFixed(0)} µs\n`,
        )
      }
    }
    for (const which of ['base', 'new'] as const) {
      const { rate, cpu } = ratios[which]
      process.stdout.write(
        `${store} ${which}: rate ${ratioSummary(rate)}, CPU per webhook ${ratioSummary(cpu)}\n`,
      )
    }
  }
} finally {
  await load.stop()
  await stopAll()
  await redis?.stop()
  await upstream.close()
  servers.new.cleanUp()
  servers.base.cleanUp()
}
