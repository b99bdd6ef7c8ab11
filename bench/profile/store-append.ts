// `npx tsx bench/profile/store-append.ts [--visitors 2000 --appends 20000 --blocks 3]`:
// the redis: store alone (no HTTP), on a redis-server of its own, with a live listener
// for every visitor and 32 appends in flight, as the delivery bench's webhooks are. It
// prints the CPU time per append of this process and of redis-server, block by block.
// Far less noisy than the delivery rows on a shared machine: for an A/B, run it in two
// worktrees by turns.

import { parseArgs } from 'node:util'
import { createClient } from 'redis'
import { cpuTimeOf } from '../../kit/processes'
import { startRedisServer } from '../../kit/redis-server'
import { createRedisStore } from '../../server/store/redis-store'

const { values } = parseArgs({
  options: {
    visitors: { type: 'string', default: '2000' },
    appends: { type: 'string', default: '20000' },
    blocks: { type: 'string', default: '3' },
  },
})
const visitors = Number(values.visitors)
const appends = Number(values.appends)
const blocks = Number(values.blocks)
if (![visitors, appends, blocks].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('usage: --visitors <n> --appends <n> --blocks <n>')
const IN_FLIGHT = 32

const redis = await startRedisServer()
const admin = createClient({ url: redis.url })
await admin.connect()
const redisPid = Number(/process_id:(\d+)/.exec(await admin.info('server'))?.[1])
const store = await createRedisStore(redis.url, { prefix: 'bench:' })
const ids = Array.from({ length: visitors }, (_, n) => `visitor-${n}`)
let delivered = 0
for (const id of ids)
  store.subscribe(id, (event) => {
    if (event.event === 'message') delivered += 1
  })
await Promise.all(ids.map((id) => store.readAfter(id, undefined, 1)))

const lines: string[] = []
for (let block = 1; block <= blocks; block += 1) {
  const target = delivered + appends
  const node = process.cpuUsage()
  const server = cpuTimeOf(redisPid)
  let next = 0
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < appends) {
        const n = next++
        await store.append(
          ids[n % visitors] ?? 'visitor-0',
          {
            author: 'agent',
            name: 'Anna',
            content: { type: 'text', text: `Reply number ${n} of this block.` },
            at: Date.now(),
          },
          { dedupeKey: `bench:${block}:${n}`, followAlias: true, refuseErased: true },
        )
      }
    }),
  )
  while (delivered < target) await new Promise((resolve) => setTimeout(resolve, 10))
  const used = process.cpuUsage(node)
  const nodeUs = (used.user + used.system) / appends
  const redisUs = ((cpuTimeOf(redisPid) - server) * 1000) / appends
  lines.push(
    `block ${block}: ${nodeUs.toFixed(1)} µs of this process and ${redisUs.toFixed(1)} µs of redis-server per append`,
  )
}
process.stdout.write(`${lines.join('\n')}\n`)
await store.close()
await admin.quit()
await redis.stop()
