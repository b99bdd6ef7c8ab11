// Plain engines out of the box, for comparison: BM25 with a title boost and each engine's
// default tokenizer (no stemming, no re-ranking).
import { create, insert, search } from '@orama/orama'
import MiniSearch from 'minisearch'
import type { IndexedArticle } from '../../server/help/search/types'
import type { Search } from './measure'

export function plainMiniSearch(articles: IndexedArticle[]): Search {
  const engine = new MiniSearch<IndexedArticle>({ fields: ['title', 'body'] })
  engine.addAll(articles)
  return (query) => ({
    ids: engine
      .search(query, { boost: { title: 3 } })
      .slice(0, 10)
      .map((hit) => String(hit.id)),
  })
}

export function plainOrama(articles: IndexedArticle[]): Search {
  const db = create({ schema: { title: 'string', body: 'string' } as const })
  for (const article of articles)
    insert(db, { id: article.id, title: article.title, body: article.body })
  return (query) => {
    const found = search(db, { term: query, boost: { title: 3 }, threshold: 1, limit: 10 })
    if (found instanceof Promise) throw new Error('Orama answered asynchronously')
    return { ids: found.hits.map((hit) => hit.id) }
  }
}
