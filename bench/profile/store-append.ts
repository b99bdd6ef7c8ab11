// `npx tsx bench/profile/store-append.ts [--store redis|sqlite --visitors 2000 --appends 20000
// --blocks 3 --dedupe on|off]`: a store alone (no HTTP), with a live listener for every
// visitor and 32 appends in flight, as the delivery bench's webhooks are: redis: on a
// redis-server of its own, sqlite: on a new file in a temporary folder (its WAL flushed
// before each append is answered, as in the backend). Each append carries a random dedupe
// key, as an agent message's id is, unless `--dedupe off`. It prints the CPU time per
// append of this process (the thread pool's flushes included) and of redis-server,
// block by block. Far less noisy than the delivery rows on a shared machine: for an A/B,
// run it in two worktrees by turns.

import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createClient } from 'redis'
import { cpuTimeOf } from '../../kit/processes'
import { startRedisServer } from '../../kit/redis-server'
import { agentMessageDedupeKey } from '../../server/store/keys'
import { createRedisStore } from '../../server/store/redis-store'
import { openSqliteStore } from '../../server/store/sqlite-store'
import type { Store } from '../../server/store/types'

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'redis' },
    visitors: { type: 'string', default: '2000' },
    appends: { type: 'string', default: '20000' },
    blocks: { type: 'string', default: '3' },
    dedupe: { type: 'string', default: 'on' },
  },
})
const visitors = Number(values.visitors)
const appends = Number(values.appends)
const blocks = Number(values.blocks)
if (
  ![visitors, appends, blocks].every((n) => Number.isInteger(n) && n > 0) ||
  !['redis', 'sqlite'].includes(values.store) ||
  !['on', 'off'].includes(values.dedupe)
)
  throw new Error(
    'usage: --store redis|sqlite --visitors <n> --appends <n> --blocks <n> --dedupe on|off',
  )
const IN_FLIGHT = 32

/** The store under test, and how much CPU its server process (if any) has used, in ms. */
async function openStore(): Promise<{
  store: Store
  serverMs: () => number | undefined
  close: () => Promise<void>
}> {
  if (values.store === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-store-append-'))
    const store = openSqliteStore(join(dir, 'porthole.db'))
    return {
      store,
      serverMs: () => undefined,
      close: async () => {
        await store.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const redis = await startRedisServer()
  const admin = createClient({ url: redis.url })
  await admin.connect()
  const redisPid = Number(/process_id:(\d+)/.exec(await admin.info('server'))?.[1])
  const store = await createRedisStore(redis.url, { prefix: 'bench:' })
  return {
    store,
    serverMs: () => cpuTimeOf(redisPid),
    close: async () => {
      await store.close()
      await admin.quit()
      await redis.stop()
    },
  }
}

const { store, serverMs, close } = await openStore()
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
  const server = serverMs()
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
          {
            ...(values.dedupe === 'on' ? { dedupeKey: agentMessageDedupeKey(randomUUID()) } : {}),
            followAlias: true,
            refuseErased: true,
          },
        )
      }
    }),
  )
  while (delivered < target) await new Promise((resolve) => setTimeout(resolve, 10))
  const used = process.cpuUsage(node)
  const nodeUs = (used.user + used.system) / appends
  const after = serverMs()
  const redisUs =
    server === undefined || after === undefined
      ? ''
      : ` and ${(((after - server) * 1000) / appends).toFixed(1)} µs of redis-server`
  lines.push(`block ${block}: ${nodeUs.toFixed(1)} µs of this process${redisUs} per append`)
}
process.stdout.write(`${lines.join('\n')}\n`)
await close()
