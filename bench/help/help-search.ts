// The "article search over HTTP" rows: a built backend (sqlite) holding 500, then 10,000
// articles imported through POST /admin/api/help/import, and GET /api/help/search asked
// one query at a time on loopback (the time a visitor waits). The articles are the
// development set's real FAQ articles plus perturbed copies of them (other ids, most words
// changed, as another help centre's vocabulary would be: scripts/help-eval/dataset.ts),
// and the queries are the set's real questions, so the row also says whether the right
// article still comes first among the 10,000.
import { type Question, questions, scaledArticles } from '../../scripts/help-eval/dataset'
import type { PortholeServers } from '../backend/servers'
import { percentile } from '../lib/stats'

export type HelpSearchRun = {
  articles: number
  queries: number
  medianMs: number
  p95Ms: number
  /** The share of questions whose right article came first. */
  hitAt1: number
}

const TOKEN = 'bench-admin-token-0123456789abcdef'

function ndjson(count: number): string {
  return scaledArticles(count)
    .map(({ id, title, body, language }) =>
      JSON.stringify({ id: id.toLowerCase().replace(/[^a-z0-9-]+/g, '-'), title, body, language }),
    )
    .join('\n')
}

async function measure(url: string, articles: number, asked: Question[]): Promise<HelpSearchRun> {
  const times: number[] = []
  let first = 0
  // The first 20 warm the server up and are not counted.
  for (const [i, { question, gold }] of [...asked.slice(0, 20), ...asked].entries()) {
    const q = encodeURIComponent(question)
    const started = performance.now()
    const response = await fetch(`${url}/api/help/search?q=${q}&lang=en&limit=3`)
    const answer = (await response.json()) as { results: { id: string }[] }
    if (!response.ok) throw new Error(`search answered ${response.status}`)
    if (i < 20) continue
    times.push(performance.now() - started)
    const top = answer.results[0]?.id
    if (
      top !== undefined &&
      gold.some((id) => id.toLowerCase().replace(/[^a-z0-9-]+/g, '-') === top)
    )
      first++
  }
  times.sort((a, b) => a - b)
  return {
    articles,
    queries: asked.length,
    medianMs: percentile(times, 50) ?? Number.NaN,
    p95Ms: percentile(times, 95) ?? Number.NaN,
    hitAt1: first / asked.length,
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
      const lines = ndjson(size)
      const imported = await fetch(`${server.url}/admin/api/help/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-ndjson' },
        body: lines,
      })
      if (!imported.ok)
        throw new Error(`import answered ${imported.status}: ${await imported.text()}`)
      // Every n-th question, so the queries spread over the whole set.
      const step = Math.max(1, Math.floor(questions.length / queries))
      const asked = questions.filter((_, i) => i % step === 0).slice(0, queries)
      runs.push(await measure(server.url, size, asked))
    } finally {
      await server.stop()
    }
  }
  return runs
}
