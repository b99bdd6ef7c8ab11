// Text to index terms for one language: words found (Intl.Segmenter for the scripts
// written without spaces), lower-cased, diacritics folded, stop words dropped, stemmed.
import { stemmerFor } from './stemmers'
import { stopWordsOf } from './stop-words'

/** A run of letters, marks and digits: the words of space-separated scripts. */
const WORD_RUN = /[\p{L}\p{M}\p{N}]+/gu
/** Scripts written without spaces between words: segmented by the Unicode word rules. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u
/** Latin-script combining accents (after NFD): folded so "cafe" finds "café". */
const ACCENTS = /[\u0300-\u036f]/g
const CYRILLIC = /[\u0400-\u04ff]/
/** Longer words are cut: no real word is this long, and it bounds each term's cost. */
const MAX_WORD_LENGTH = 40
/**
 * ICU's word segmenter takes time quadratic in the length of one unspaced run (60,000
 * Japanese characters: seconds), so a run is segmented in pieces of this many characters.
 * A word cut at a piece's edge is rare (real runs between punctuation are far shorter).
 */
const SEGMENT_PIECE = 200

const segmenters = new Map<string, Intl.Segmenter>()

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language)
  if (!segmenter) {
    const locale = Intl.Segmenter.supportedLocalesOf([language]).length > 0 ? language : 'und'
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' })
    segmenters.set(language, segmenter)
  }
  return segmenter
}

/** Lower case, accents folded (not in Cyrillic, where й and ё are letters of their own). */
export function foldWord(word: string): string {
  const lower = word.toLowerCase()
  if (CYRILLIC.test(lower)) return lower.replace(/ё/g, 'е')
  return lower.normalize('NFD').replace(ACCENTS, '').normalize('NFC')
}

/** The words of a text, folded, in order. `language` is a primary subtag (`en`, `ja`). */
export function wordsOf(text: string, language: string): string[] {
  const words: string[] = []
  for (const [run] of text.matchAll(WORD_RUN)) {
    if (!UNSPACED.test(run)) {
      words.push(foldWord(run.slice(0, MAX_WORD_LENGTH)))
      continue
    }
    const segmenter = segmenterFor(language)
    for (let start = 0; start < run.length; start += SEGMENT_PIECE)
      for (const part of segmenter.segment(run.slice(start, start + SEGMENT_PIECE)))
        if (part.isWordLike) words.push(foldWord(part.segment.slice(0, MAX_WORD_LENGTH)))
  }
  return words
}

/** An analyzer of one language: a folded word to its index term, or '' for a stop word. */
export type Analyzer = {
  language: string
  term(word: string, keepStopWords?: boolean): string
}

const analyzers = new Map<string, Analyzer>()

/** The analyzer of a language (primary subtag); the same object for the same language. */
export function analyzerFor(language: string): Analyzer {
  let analyzer = analyzers.get(language)
  if (analyzer) return analyzer
  const stem = stemmerFor(language)
  // Folded like the words they are compared with (French `à` is `a` by then).
  const stopWords = new Set([...stopWordsOf(language)].map(foldWord))
  const cache = new Map<string, string>()
  const stemmed = (word: string) => {
    let term = cache.get(word)
    if (term === undefined) {
      term = stem ? stem(word) || word : word
      if (cache.size < 200_000) cache.set(word, term)
    }
    return term
  }
  analyzer = {
    language,
    term: (word, keepStopWords = false) =>
      !keepStopWords && stopWords.has(word) ? '' : stemmed(word),
  }
  analyzers.set(language, analyzer)
  return analyzer
}

/** The index terms of a text (stop words dropped), in order. */
export function termsOf(text: string, analyzer: Analyzer): string[] {
  const terms: string[] = []
  for (const word of wordsOf(text, analyzer.language)) {
    const term = analyzer.term(word)
    if (term) terms.push(term)
  }
  return terms
}

/** The primary subtag of a BCP 47 tag, lower case: `pt-BR` → `pt`. */
export function baseLanguage(tag: string): string {
  return (tag.split(/[-_]/)[0] ?? '').toLowerCase() || 'und'
}
