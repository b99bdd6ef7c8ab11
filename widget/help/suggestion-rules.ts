import type { ArticleResult, ArticleSearchAnswer } from '../../shared/help/article-tree'

/** Suggestions start once the message box holds this many words… */
export const SUGGEST_WORDS = 3
/** …or this many characters. */
export const SUGGEST_CHARACTERS = 12
/** At most this many suggestions show above the message box. */
export const MAX_SUGGESTIONS = 3

/** Words as the language cuts them (Chinese, Japanese and Thai write no spaces). */
function words(text: string, lang: string): number {
  if (typeof Intl.Segmenter !== 'function') return text.split(/\s+/).length
  let count = 0
  for (const segment of new Intl.Segmenter(lang, { granularity: 'word' }).segment(text))
    if (segment.isWordLike) count++
  return count
}

/** Whether what the visitor is typing is worth a search: three words or twelve characters. */
export function wantsSuggestions(text: string, lang: string): boolean {
  const query = text.trim()
  return query.length >= SUGGEST_CHARACTERS || (query !== '' && words(query, lang) >= SUGGEST_WORDS)
}

/**
 * The articles shown above the message box: only when the backend is confident the
 * first answers the question (then it and at most two more), otherwise none: a guess
 * would distract from writing to a person.
 */
export const suggestionsOf = (answer: ArticleSearchAnswer): ArticleResult[] =>
  answer.confident ? answer.results.slice(0, MAX_SUGGESTIONS) : []
