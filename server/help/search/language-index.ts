// The articles of one language in a MiniSearch index (BM25F over title, headings, keywords
// and body, each article's terms analyzed once), plus what re-ranking reads: each article's
// passages and every term's document frequency. Changes are per article, never a rebuild.
import MiniSearch from 'minisearch'
import { type Passage, passagesOf } from './passages'
import type { AnalyzedQuery } from './query'
import { type Analyzer, analyzerFor, termsOf } from './tokenize'
import type { IndexedArticle } from './types'

export type Entry = {
  id: string
  title: string[]
  keywords: string[]
  headings: string[]
  passages: Passage[]
}

export type Candidate = { entry: Entry; score: number; matched: string[] }

const FIELDS = ['title', 'headings', 'keywords', 'body'] as const
type Field = (typeof FIELDS)[number]
/** BM25F field weights: a title word says more about what an article answers than a body word. */
export const FIELD_BOOST: Record<Field, number> = { title: 3, headings: 1.5, keywords: 2, body: 1 }

function fieldText(entry: Entry, field: Field): string {
  if (field === 'body') return entry.passages.map((passage) => passage.terms.join(' ')).join(' ')
  return entry[field].join(' ')
}

/** Common words are left out of retrieval (for speed) only in indexes this large. */
const PRUNE_FROM = 100

export class LanguageIndex {
  readonly analyzer: Analyzer
  readonly entries = new Map<string, Entry>()
  private readonly frequencies = new Map<string, number>()
  private readonly engine: MiniSearch<Entry>

  constructor(language: string) {
    this.analyzer = analyzerFor(language)
    this.engine = new MiniSearch<Entry>({
      fields: [...FIELDS],
      extractField: (entry, field) =>
        field === 'id' ? entry.id : fieldText(entry, field as Field),
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term || null,
    })
  }

  get size(): number {
    return this.entries.size
  }

  upsert(article: IndexedArticle): void {
    this.remove(article.id)
    const { passages, headings } = passagesOf(article.body, this.analyzer)
    const entry: Entry = {
      id: article.id,
      title: termsOf(article.title, this.analyzer),
      keywords: termsOf((article.keywords ?? []).join(' '), this.analyzer),
      headings,
      passages,
    }
    this.entries.set(entry.id, entry)
    this.engine.add(entry)
    this.count(entry, 1)
  }

  remove(id: string): void {
    const entry = this.entries.get(id)
    if (!entry) return
    this.engine.remove(entry)
    this.entries.delete(id)
    this.count(entry, -1)
  }

  /** In how many articles a term appears. */
  frequency(term: string): number {
    return this.frequencies.get(term) ?? 0
  }

  /** Inverse document frequency (BM25's, never negative). */
  idf(term: string): number {
    const n = this.entries.size
    const df = this.frequency(term)
    return Math.log(1 + (n - df + 0.5) / (df + 0.5))
  }

  /**
   * The query without the synonyms found in more than a quarter of the articles: they
   * would add little to any ranking and a long list of articles to score.
   */
  pruned(query: AnalyzedQuery): AnalyzedQuery {
    if (this.entries.size < PRUNE_FROM) return query
    const most = this.entries.size / 4
    const terms = query.terms.filter(
      (term) => term.weight === 1 || this.frequency(term.term) <= most,
    )
    return { ...query, terms }
  }

  /** The best `limit` articles by BM25F for a query, with the article terms each matched. */
  candidates(query: AnalyzedQuery, limit: number): Candidate[] {
    // Words in most articles rank nothing apart but would make every article a match to
    // score: the re-ranking still counts them.
    const half = this.entries.size / 2
    const rare = query.terms.filter((term) => this.frequency(term.term) <= half)
    const known = rare.some((term) => this.frequency(term.term) > 0)
    const terms = this.entries.size >= PRUNE_FROM && known ? rare : query.terms
    if (terms.length === 0 || this.entries.size === 0) return []
    const byTerm = new Map(terms.map((term) => [term.term, term]))
    const results = this.engine.search(terms.map((term) => term.term).join(' '), {
      boost: FIELD_BOOST,
      boostTerm: (term) => byTerm.get(term)?.weight ?? 1,
      prefix: (term) => byTerm.get(term)?.prefix === true,
      // A known word is no typo: only words the index has never seen are widened.
      fuzzy: (term) =>
        term.length >= 4 && this.frequency(term) === 0 ? (term.length >= 8 ? 2 : 1) : false,
      // Two edits only in long words: the search for them walks much more of the vocabulary.
      maxFuzzy: 2,
      weights: { fuzzy: 0.6, prefix: 0.5 },
    })
    const out: Candidate[] = []
    for (const result of results.slice(0, limit)) {
      const entry = this.entries.get(result.id as string)
      if (entry) out.push({ entry, score: result.score, matched: result.terms })
    }
    return out
  }

  private count(entry: Entry, delta: 1 | -1): void {
    const seen = new Set<string>()
    for (const term of entry.title) seen.add(term)
    for (const term of entry.keywords) seen.add(term)
    for (const term of entry.headings) seen.add(term)
    for (const passage of entry.passages) for (const term of passage.terms) seen.add(term)
    for (const term of seen) {
      const next = (this.frequencies.get(term) ?? 0) + delta
      if (next > 0) this.frequencies.set(term, next)
      else this.frequencies.delete(term)
    }
  }
}
