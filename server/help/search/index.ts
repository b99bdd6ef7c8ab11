// The articles' search engine: one MiniSearch index per language (language-index.ts), its
// best candidates re-ranked by query coverage (rerank.ts), a snippet from the best passage
// and a calibrated `confident` (confidence.ts). See docs/operators/help-search.md.
import { isConfident } from './confidence'
import { LanguageIndex } from './language-index'
import { analyzeQuery } from './query'
import { RANK_WEIGHTS, type Ranked, type RankWeights, rerank } from './rerank'
import { snippetOf } from './snippet'
import { baseLanguage } from './tokenize'
import type { ArticleIndex, SearchHit, SearchOptions, SearchOutcome } from './types'

export * from './types'

/** BM25F's best this many articles are re-ranked. */
export const RERANK_DEPTH = 30
const DEFAULT_LIMIT = 5
const MAX_LIMIT = 20

type Found = { index: LanguageIndex; ranked: Ranked[]; confident: boolean }

function hitOf({ index }: Found, ranked: Ranked): SearchHit {
  const fallback = ranked.entry.passages[0]?.text ?? ''
  return {
    id: ranked.entry.id,
    score: ranked.score,
    snippet: snippetOf(ranked.passage, fallback, index.analyzer, ranked.matches),
  }
}

/**
 * A new, empty index of published articles.
 *
 * @example
 * const index = createArticleIndex()
 * index.upsert({ id: 'returns', title: 'Returns', body: 'Send it back within 30 days.', language: 'en' })
 * index.search('how do I return a parcel?', { language: 'en' }) // { hits: [{ id: 'returns', … }], confident: true }
 */
export function createArticleIndex(weights: RankWeights = RANK_WEIGHTS): ArticleIndex {
  const indexes = new Map<string, LanguageIndex>()
  const languageOf = new Map<string, string>()

  const find = (index: LanguageIndex, query: string): Found => {
    const analyzed = index.pruned(analyzeQuery(query, index.analyzer))
    const ranked = rerank(index, analyzed, index.candidates(analyzed, RERANK_DEPTH), weights)
    return { index, ranked, confident: isConfident(ranked[0], ranked[1]) }
  }

  return {
    get size() {
      return languageOf.size
    },
    upsert(article) {
      const language = baseLanguage(article.language)
      const previous = languageOf.get(article.id)
      if (previous !== undefined && previous !== language) indexes.get(previous)?.remove(article.id)
      let index = indexes.get(language)
      if (!index) {
        index = new LanguageIndex(language)
        indexes.set(language, index)
      }
      index.upsert(article)
      languageOf.set(article.id, language)
    },
    remove(id) {
      const language = languageOf.get(id)
      if (language === undefined) return
      indexes.get(language)?.remove(id)
      languageOf.delete(id)
    },
    search(query, options: SearchOptions = {}): SearchOutcome {
      const limit = Math.min(
        Math.max(Math.trunc(options.limit ?? DEFAULT_LIMIT) || 1, 1),
        MAX_LIMIT,
      )
      const text = typeof query === 'string' ? query : ''
      const preferred = options.language === undefined ? undefined : baseLanguage(options.language)
      const own = preferred === undefined ? undefined : indexes.get(preferred)
      const first = own ? find(own, text) : undefined
      if (first?.confident) return outcome([first], limit, true)
      const others = [...indexes.values()]
        .filter((index) => index !== own && index.size > 0)
        .map((index) => find(index, text))
      if (first && first.ranked.length > 0) return outcome([first, ...others], limit, false)
      // No article in the visitor's language matched (or no language was given): every
      // language's results by score, the best one deciding `confident`.
      const merged = others
        .flatMap((found) => found.ranked.map((ranked) => ({ found, ranked })))
        .sort((a, b) => b.ranked.score - a.ranked.score)
        .slice(0, limit)
      const top = merged[0]?.found
      const confident = top !== undefined && top.ranked[0] === merged[0]?.ranked && top.confident
      return { hits: merged.map(({ found, ranked }) => hitOf(found, ranked)), confident }
    },
  }
}

/** Hits of each language in turn, best first within each, at most `limit`. */
function outcome(found: Found[], limit: number, confident: boolean): SearchOutcome {
  const hits: SearchHit[] = []
  for (const each of found)
    for (const ranked of each.ranked) {
      if (hits.length >= limit) break
      hits.push(hitOf(each, ranked))
    }
  return { hits, confident: confident && hits.length > 0 }
}
