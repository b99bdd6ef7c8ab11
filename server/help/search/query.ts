// A visitor's query as index terms: cut to MAX_QUERY_LENGTH first, words analyzed like the
// articles', stop words dropped (unless nothing else is left), each term widened to its
// support-vocabulary synonyms at a lower weight. The last word is a prefix while typing.
import { synonymsOf } from './synonyms'
import { type Analyzer, wordsOf } from './tokenize'
import { MAX_QUERY_LENGTH } from './types'

/** At most this many distinct terms count: bounds the work of any query. */
export const MAX_QUERY_TERMS = 32
/** A synonym counts this much of the word the visitor wrote. */
export const SYNONYM_WEIGHT = 0.5

export type QueryTerm = {
  term: string
  /** The index of the visitor's word this term stands for (synonyms share it). */
  group: number
  weight: number
  /** The visitor may still be typing this word. */
  prefix: boolean
}

export type AnalyzedQuery = { terms: QueryTerm[]; groups: number }

/** The query's terms for one language's index. */
export function analyzeQuery(query: string, analyzer: Analyzer): AnalyzedQuery {
  const text = query.slice(0, MAX_QUERY_LENGTH)
  const words = wordsOf(text, analyzer.language)
  let own = words.map((word) => analyzer.term(word))
  if (!own.some(Boolean)) own = words.map((word) => analyzer.term(word, true))
  const typing = /[\p{L}\p{N}]$/u.test(text)
  const lastWord = own.length - 1
  const originals: { term: string; prefix: boolean }[] = []
  own.forEach((term, i) => {
    if (!term || originals.length >= MAX_QUERY_TERMS) return
    const prefix = typing && i === lastWord && term.length >= 3
    const seen = originals.find((original) => original.term === term)
    if (seen) seen.prefix ||= prefix
    else originals.push({ term, prefix })
  })
  const terms: QueryTerm[] = originals.map((original, group) => ({ ...original, group, weight: 1 }))
  const synonyms = synonymsOf(analyzer)
  originals.forEach(({ term }, group) => {
    for (const synonym of synonyms.get(term) ?? [])
      if (!terms.some((known) => known.term === synonym))
        terms.push({ term: synonym, group, weight: SYNONYM_WEIGHT, prefix: false })
  })
  return { terms, groups: originals.length }
}
