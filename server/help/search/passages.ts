// An article cut into passages, the units a snippet is chosen from and scored on:
// a paragraph, a list item or a table row; a long paragraph becomes windows of whole
// sentences. Each passage remembers the heading it sits under.
import { plainBlocks } from './plain-text'
import { type Analyzer, termsOf } from './tokenize'

export type Passage = {
  /** Plain text, as a snippet shows it. */
  text: string
  /** Its index terms, in order. */
  terms: string[]
  /** The terms of the heading above it (empty before the first heading). */
  headingTerms: string[]
}

/** The longest snippet: a passage longer than this is cut around its best words. */
export const MAX_SNIPPET_LENGTH = 300
const SENTENCE_END = /(?<=[.!?;:])\s+|(?<=[。！？；])/u

/** Sentences grouped into windows of at most MAX_SNIPPET_LENGTH characters where possible. */
function windows(text: string): string[] {
  if (text.length <= MAX_SNIPPET_LENGTH) return [text]
  const out: string[] = []
  let current = ''
  for (const sentence of text.split(SENTENCE_END)) {
    if (current && current.length + 1 + sentence.length > MAX_SNIPPET_LENGTH) {
      out.push(current)
      current = ''
    }
    current = current ? `${current} ${sentence}` : sentence
  }
  if (current) out.push(current)
  return out
}

export type ArticleText = { passages: Passage[]; headings: string[] }

/** The passages and the heading terms of an article body. */
export function passagesOf(markdown: string, analyzer: Analyzer): ArticleText {
  const passages: Passage[] = []
  const headings: string[] = []
  let headingTerms: string[] = []
  for (const block of plainBlocks(markdown)) {
    if (block.kind === 'heading') {
      headingTerms = termsOf(block.text, analyzer)
      headings.push(...headingTerms)
      continue
    }
    for (const text of windows(block.text)) {
      const terms = termsOf(text, analyzer)
      if (terms.length > 0) passages.push({ text, terms, headingTerms })
    }
  }
  return { passages, headings }
}
