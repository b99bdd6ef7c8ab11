// The article search's figures on the development set (tests/fixtures/help-articles-dev/):
// hit@1, hit@3, MRR and the time per query for Porthole's engine beside plain engines,
// `confident` calibrated by leave-one-out, then the same at 500 and 10,000 articles with
// the heap the 10,000 take. Used by docs/operators/help-search.md.
//
//   node --expose-gc --import tsx scripts/help-eval.ts          (all figures, about a minute)
//   node --expose-gc --import tsx scripts/help-eval.ts --quick  (the development set only)
import { createArticleIndex } from '../server/help/search/index'
import type { ArticleIndex, IndexedArticle } from '../server/help/search/types'
import { plainMiniSearch, plainOrama } from './help-eval/baselines'
import {
  articles,
  check,
  type Question,
  questions,
  scaledArticles,
  tune,
} from './help-eval/dataset'
import { calibration, type Quality, quality, type Search } from './help-eval/measure'

const percent = (x: number) => `${(100 * x).toFixed(1)} %`
const ms = (x: number) => `${x.toFixed(2)} ms`

function porthole(index: ArticleIndex): Search {
  return (query) => {
    const outcome = index.search(query, { language: 'en', limit: 10 })
    return { ids: outcome.hits.map((hit) => hit.id), confident: outcome.confident }
  }
}

function built(set: IndexedArticle[]): ArticleIndex {
  const index = createArticleIndex()
  for (const article of set) index.upsert(article)
  return index
}

function row(name: string, figures: Quality) {
  console.log(
    `| ${name} | ${percent(figures.hit1)} | ${percent(figures.hit3)} | ${figures.mrr.toFixed(3)} | ${ms(figures.median)} | ${ms(figures.p95)} |`,
  )
}

function table(title: string, engines: [string, Search][], sets: [string, Question[]][]) {
  console.log(
    `\n${title}\n\n| engine, questions | hit@1 | hit@3 | MRR | median | p95 |\n|---|---|---|---|---|---|`,
  )
  for (const [name, search] of engines) {
    quality(search, questions.slice(0, 100)) // warm-up
    for (const [setName, set] of sets) row(`${name}, ${setName}`, quality(search, set))
  }
}

const halves: [string, Question[]][] = [
  ['tuning half', tune],
  ['other half', check],
  ['all', questions],
]
const dev = built(articles)
table(
  `Development set: ${articles.length} articles, ${questions.length} questions`,
  [
    ['plain MiniSearch (BM25, title ×3)', plainMiniSearch(articles)],
    ['plain Orama (BM25, title ×3)', plainOrama(articles)],
    ['Porthole', porthole(dev)],
  ],
  halves,
)

const byId = new Map(articles.map((article) => [article.id, article]))
for (const [name, set] of halves) {
  const { confidentWhenRight, unsureWhenAbsent } = calibration(dev, byId, set)
  console.log(
    `\nconfident (${name}): true on ${percent(confidentWhenRight)} of the questions answered right at hit@1, false on ${percent(unsureWhenAbsent)} with their article removed`,
  )
}

if (!process.argv.includes('--quick')) {
  for (const count of [500, 10_000]) {
    const set = scaledArticles(count)
    globalThis.gc?.()
    const before = process.memoryUsage().heapUsed
    const started = performance.now()
    const index = built(set)
    const buildMs = performance.now() - started
    globalThis.gc?.()
    const heap = process.memoryUsage().heapUsed - before
    table(
      `${count} articles (the ${articles.length} real ones and perturbed copies)`,
      [
        ['plain MiniSearch (BM25, title ×3)', plainMiniSearch(set)],
        ['Porthole', porthole(index)],
      ],
      [['all', questions]],
    )
    console.log(
      `\nindexing ${count} articles: ${(buildMs / 1000).toFixed(1)} s; heap ${globalThis.gc ? `${(heap / 2 ** 20).toFixed(0)} MiB` : 'not measured (run with node --expose-gc)'}`,
    )
  }
}
