// How long Store.eraseVisitor takes on the sqlite: store (secure_delete on, the WAL
// checkpointed and truncated), for one visitor of 200 entries and 10 records, beside
// 10,000 and then 100,000 entries of other visitors: the time should follow the
// visitor's own data, not the store's size. Run by hand:
//   npx tsx bench/privacy/erasure-time.ts [runs]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openSqliteStore } from '../../server/store/sqlite-store'

const RUNS = Number(process.argv[2] ?? 7)
const OWN_ENTRIES = 200
const OWN_RECORDS = 10

const entry = (text: string) => ({
  author: 'visitor' as const,
  content: { type: 'text' as const, text },
  at: Date.now(),
})

async function measure(others: number): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'porthole-erase-bench-'))
  const store = openSqliteStore(join(dir, 'porthole.db'))
  try {
    for (let n = 0; n < others; n += 1)
      void store.append(`other-${n % 1000}`, entry(`someone else's message ${n}`))
    await store.append('flush', entry('x'))
    const times: number[] = []
    for (let run = 0; run < RUNS; run += 1) {
      const visitor = `visitor-${run}`
      for (let n = 0; n < OWN_ENTRIES; n += 1) void store.append(visitor, entry(`mine ${n}`))
      const records: string[] = []
      for (let n = 0; n < OWN_RECORDS; n += 1) {
        records.push(`rating:${visitor}:${n}`)
        await store.setRecord(`rating:${visitor}:${n}`, { comment: `mine ${n}` })
      }
      const start = performance.now()
      await store.eraseVisitor(visitor, { records, indexes: [] })
      times.push(performance.now() - start)
    }
    return times
  } finally {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  return `median ${median.toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms (${times.length} runs)`
}

for (const others of [10_000, 100_000])
  console.log(
    `sqlite eraseVisitor, ${OWN_ENTRIES} entries + ${OWN_RECORDS} records among ${others} others: ${summary(await measure(others))}`,
  )
