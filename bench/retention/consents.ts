// What a retention pass costs for consents, per store: N consents recorded (all expired),
// then consentStats and one uncapped pruneConsents pass, each timed, for 1,000 and 10,000
// consents, several runs. Compare the 10,000 row with the 1,000 one: linear work is ~10×.
//
//   npx tsx bench/retention/consents.ts --store sqlite --runs 5
//   npx tsx bench/retention/consents.ts --store redis://127.0.0.1:6379 --runs 5
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { nanoid } from 'nanoid'
import { createRedisStore } from '../../server/store/redis-store'
import { openSqliteStore } from '../../server/store/sqlite-store'
import type { Store } from '../../server/store/types'
import { numberOption, optionValue } from '../lib/argv'
import { spreadOf } from '../lib/stats'

const DAY = 86_400_000
const SIZES = [1_000, 10_000]

async function open(kind: string): Promise<{ store: Store; close: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-consents-'))
    const store = openSqliteStore(join(dir, 'bench.db'))
    const close = async () => {
      await store.close()
      rmSync(dir, { recursive: true })
    }
    return { store, close }
  }
  const store = await createRedisStore(kind, { prefix: `bench:${nanoid()}:` })
  return { store, close: () => store.close() }
}

async function once(kind: string, size: number) {
  const { store, close } = await open(kind)
  try {
    const at = Date.now() - 40 * DAY
    for (let i = 0; i < size; i += 100)
      await Promise.all(
        Array.from({ length: Math.min(100, size - i) }, (_, j) =>
          store.recordConsent(`visitor-${i + j}`, { version: '2026-05', at: at + i + j }),
        ),
      )
    const retention = { maxAgeMs: 30 * DAY }
    const statsStart = performance.now()
    const stats = await store.consentStats(retention)
    const statsMs = performance.now() - statsStart
    const pruneStart = performance.now()
    const dropped = await store.pruneConsents(retention)
    const pruneMs = performance.now() - pruneStart
    if (stats.expired !== size || dropped !== size) throw new Error(`expected ${size} expired`)
    return { statsMs, pruneMs }
  } finally {
    await close()
  }
}

const kind = optionValue('--store') ?? 'sqlite'
const runs = numberOption('--runs') ?? 5
for (const size of SIZES) {
  const results = []
  for (let run = 0; run < runs; run++) results.push(await once(kind, size))
  const prune = spreadOf(results.map((r) => r.pruneMs))
  const stats = spreadOf(results.map((r) => r.statsMs))
  const show = (s: typeof prune) =>
    s ? `median ${s.median.toFixed(1)} ms (${s.min.toFixed(1)}–${s.max.toFixed(1)})` : '-'
  console.log(`${kind} ${size} consents: prune ${show(prune)}; stats ${show(stats)}`)
}
