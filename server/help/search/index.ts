// SCAFFOLD for the parallel work of this round: a word-overlap index with the final
// interface, replaced by the real engine (server/help/search/) before anything lands.
import {
  type ArticleIndex,
  type IndexedArticle,
  MAX_QUERY_LENGTH,
  type SearchOptions,
  type SearchOutcome,
} from './types'

export * from './types'

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2)

export function createArticleIndex(): ArticleIndex {
  const articles = new Map<string, IndexedArticle>()
  return {
    upsert: (article) => void articles.set(article.id, article),
    remove: (id) => void articles.delete(id),
    get size() {
      return articles.size
    },
    search(query: string, options: SearchOptions = {}): SearchOutcome {
      const wanted = new Set(words(query.slice(0, MAX_QUERY_LENGTH)))
      const hits = [...articles.values()]
        .filter(
          (a) => !options.language || a.language.split('-')[0] === options.language.split('-')[0],
        )
        .map((a) => {
          const own = words(`${a.title} ${a.title} ${a.body}`)
          const score = own.filter((word) => wanted.has(word)).length
          return { id: a.id, score, snippet: a.body.slice(0, 200) }
        })
        .filter((hit) => hit.score > 0)
        .sort((x, y) => y.score - x.score)
        .slice(0, Math.min(options.limit ?? 5, 20))
      return { hits, confident: (hits[0]?.score ?? 0) >= 2 }
    },
  }
}
