// The "article search over HTTP" rows: a built backend (sqlite) holding 500, then 10,000
// generated articles imported through POST /admin/api/help/import, and GET
// /api/help/search asked one query at a time on loopback (the time a visitor waits).
import type { PortholeServers } from '../backend/servers'
import { percentile } from '../lib/stats'

export type HelpSearchRun = { articles: number; queries: number; medianMs: number; p95Ms: number }

const TOKEN = 'bench-admin-token-0123456789abcdef'
const WORDS = `order parcel delivery courier return refund label size guide payment card invoice
account password email address warehouse shipping tracking exchange voucher discount gift
wrap store pickup cancel change colour fabric wash care warranty repair battery charger
cable screen keyboard login subscription newsletter privacy cookie country customs duty
tax express standard weekend holiday stock restock preorder reservation loyalty points`
  .split(/\s+/)
  .filter(Boolean)

// A small deterministic generator, so every run measures the same articles and queries.
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

function articles(count: number): { lines: string; titles: string[] } {
  const next = random(count)
  const pick = () => WORDS[Math.floor(next() * WORDS.length)] as string
  const sentence = (n: number) => Array.from({ length: n }, pick).join(' ')
  const titles: string[] = []
  const lines: string[] = []
  for (let i = 0; i < count; i++) {
    const title = `${sentence(4)} ${i}`
    titles.push(title)
    const body = Array.from({ length: 6 }, () => `${sentence(14)}.`).join('\n\n')
    lines.push(
      JSON.stringify({ id: `a-${i}`, title, body: `## ${sentence(3)}\n\n${body}`, language: 'en' }),
    )
  }
  return { lines: lines.join('\n'), titles }
}

async function measure(url: string, titles: string[], queries: number): Promise<HelpSearchRun> {
  const next = random(queries)
  const times: number[] = []
  for (let i = 0; i < queries + 20; i++) {
    const title = titles[Math.floor(next() * titles.length)] as string
    const q = encodeURIComponent(`how do I ${title.split(' ').slice(0, 3).join(' ')}?`)
    const started = performance.now()
    const response = await fetch(`${url}/api/help/search?q=${q}&lang=en`)
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`search answered ${response.status}`)
    // The first 20 warm the server up and are not counted.
    if (i >= 20) times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return {
    articles: titles.length,
    queries,
    medianMs: percentile(times, 50) ?? Number.NaN,
    p95Ms: percentile(times, 95) ?? Number.NaN,
  }
}

/** One run per size: a fresh backend, the articles imported, `queries` searches timed. */
export async function measureHelpSearch(
  servers: PortholeServers,
  sizes: readonly number[],
  queries: number,
): Promise<HelpSearchRun[]> {
  const runs: HelpSearchRun[] = []
  for (const size of sizes) {
    const server = await servers.start(undefined, [], {
      env: {
        ADMIN_PASSWORD: 'bench password 0123456789',
        ADMIN_TOKEN: TOKEN,
        RATE_LIMIT_SEARCHES_PER_MINUTE: '1000000',
      },
    })
    try {
      const { lines, titles } = articles(size)
      const imported = await fetch(`${server.url}/admin/api/help/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
        body: lines,
      })
      if (!imported.ok)
        throw new Error(`import answered ${imported.status}: ${await imported.text()}`)
      runs.push(await measure(server.url, titles, queries))
    } finally {
      await server.stop()
    }
  }
  return runs
}
