// The snippet: the best passage as plain text, cut to MAX_SNIPPET_LENGTH characters around
// its first word that answers the query when it is longer.
import { MAX_SNIPPET_LENGTH, type Passage } from './passages'
import type { Ranked } from './rerank'
import { type Analyzer, foldWord } from './tokenize'

const WORD = /[\p{L}\p{M}\p{N}]+/gu

/** Where the first word of `text` that is one of `terms` starts (0 when none is). */
function firstMatch(text: string, analyzer: Analyzer, terms: Ranked['matches']): number {
  for (const found of text.matchAll(WORD))
    if (terms.has(analyzer.term(foldWord(found[0])))) return found.index
  return 0
}

/** A plain-text passage of at most MAX_SNIPPET_LENGTH characters for a result. */
export function snippetOf(
  passage: Passage | undefined,
  fallback: string,
  analyzer: Analyzer,
  terms: Ranked['matches'],
): string {
  const text = passage?.text ?? fallback
  if (text.length <= MAX_SNIPPET_LENGTH) return text
  const at = firstMatch(text, analyzer, terms)
  // Start at a sentence or word boundary a little before the first match.
  let start = Math.max(0, at - 60)
  if (start > 0) {
    const space = text.indexOf(' ', start)
    start = space >= 0 && space < at ? space + 1 : at
  }
  const room = MAX_SNIPPET_LENGTH - (start > 0 ? 1 : 0) - 1
  let end = Math.min(text.length, start + room)
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end)
    if (space > start + room / 2) end = space
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`
}
