// `npx tsx bench/profile/beat-timeline.ts [--streams 18000 --beat 25 --seconds 120]`:
// one instance (sqlite) holding idle streams, its CPU second by second after they
// opened, the main thread apart from the others (V8's helper threads, libuv's pool).
// It shows each beat, and the collection of about a second the process runs some 60 s
// after the streams opened (why the capacity phase times 50 beats, not 2: see
// TIMED_HEARTBEAT_SECONDS in bench/capacity/scale.ts). Needs dist/ (`npm run build`).
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startFakeUpstream } from '../../kit/fake-upstream'
import { openFileLimit, statTicks, stopAll, ticksPerSecond } from '../../kit/processes'
import { channelIdOf, PortholeServers } from '../backend/servers'
import { holderShares, startHolders } from '../capacity/holders'
import { startStatusService } from '../capacity/status-service'

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '18000' },
    beat: { type: 'string', default: '25' },
    seconds: { type: 'string', default: '120' },
    node: { type: 'string', default: '' },
  },
})
const root = fileURLToPath(new URL('../..', import.meta.url))
const ticks = ticksPerSecond()
const threads = (pid: number) => {
  const out: Record<string, number> = {}
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const name = /\((.*)\)/.exec(stat)?.[1] ?? tid
      const t = statTicks(stat)
      const key = tid === String(pid) ? 'main' : name
      out[key] = (out[key] ?? 0) + ((t.user + t.system) * 1000) / ticks
    } catch {}
  }
  return out
}
const upstream = await startFakeUpstream()
const servers = new PortholeServers({ root, upstream, cacheSeconds: 1 })
const service = await startStatusService(channelIdOf(upstream.channelUrl))
try {
  const env = {
    CHANNEL_URL: service.channelUrl,
    STATUS_CACHE_SECONDS: '1',
    HEARTBEAT_SECONDS: values.beat,
  }
  const nodeArgs = values.node ? values.node.split(' ') : []
  const issuer = await servers.start('memory:', [], { env })
  const instance = await servers.start(undefined, nodeArgs, { env })
  const started = Date.now()
  const streams = Number(values.streams)
  const holders = startHolders(holderShares(streams, openFileLimit()), [])
  await Promise.all(
    holders.map((h) => h.call('visitors', { base: issuer.url, count: h.share, porthole: true })),
  )
  const opens = await Promise.all(
    holders.map((h) => h.call('open', { bases: [instance.url], porthole: true })),
  )
  console.log(
    'opened',
    opens.reduce((s, o) => s + o.opened, 0),
    'at',
    (Date.now() - started) / 1000,
  )
  let prev = threads(instance.pid)
  for (let s = 0; s < Number(values.seconds); s++) {
    await new Promise((r) => setTimeout(r, 1000))
    const cur = threads(instance.pid)
    const diff = Object.fromEntries(
      Object.entries(cur)
        .map(([k, v]) => [k, Math.round(v - (prev[k] ?? 0))])
        .filter(([, v]) => (v as number) > 0),
    )
    prev = cur
    console.log(((Date.now() - started) / 1000).toFixed(1), JSON.stringify(diff))
  }
  await Promise.all(holders.map((h) => h.stop()))
  await instance.stop()
  await issuer.stop()
} finally {
  await stopAll()
  await service.close()
  await upstream.close()
  servers.cleanUp()
}
