/** Longest question the unanswered list keeps (characters). */
export const MAX_QUESTION_LENGTH = 200

/**
 * A question as the unanswered list counts it: lower case, one space between words, no
 * punctuation at the ends, cut to MAX_QUESTION_LENGTH; so "Where is my ORDER??" and
 * "where is my order" are one question.
 */
export function normalizeQuestion(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '')
    .slice(0, MAX_QUESTION_LENGTH)
}

/** Whether `text` reads like a question (three words or more), not a lookup of one term. */
export function looksLikeQuestion(text: string): boolean {
  const words = new Intl.Segmenter(undefined, { granularity: 'word' })
  let count = 0
  for (const part of words.segment(text.slice(0, 500)))
    if (part.isWordLike && ++count >= 3) return true
  return false
}
