// The articles' search engine as the rest of the backend sees it (server/help/search/).

/** What the index holds of one article: only published ones are indexed. */
export type IndexedArticle = {
  id: string
  title: string
  /** Markdown. */
  body: string
  /** A BCP 47 tag, as stored (e.g. `en`, `pt-BR`). */
  language: string
  category?: string
  keywords?: string[]
}

export type SearchOptions = {
  /**
   * The visitor's language: articles in it come first; when none of them matches well,
   * articles of other languages may still be returned. Undefined: every language.
   */
  language?: string
  /** Results wanted (default 5, at most 20). */
  limit?: number
}

export type SearchHit = {
  id: string
  score: number
  /** The passage of the article that best answers the query: plain text, ≤ 300 characters. */
  snippet: string
}

export type SearchOutcome = {
  hits: SearchHit[]
  /** Whether hits[0] answers the query (calibrated on the development set). */
  confident: boolean
}

/**
 * An in-process index of the published articles, updated one article at a time.
 * `search` never throws on any string (cut at MAX_QUERY_LENGTH, metacharacters are text).
 */
export interface ArticleIndex {
  upsert(article: IndexedArticle): void
  remove(id: string): void
  search(query: string, options?: SearchOptions): SearchOutcome
  readonly size: number
}

/** Longer queries are cut to this many characters before anything else. */
export const MAX_QUERY_LENGTH = 500
