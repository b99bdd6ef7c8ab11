import type { SecretSpan } from './characters'

/** What a match of the site owner's own pattern becomes: its length is not told either. */
export const PATTERN_MASK = '••••'

// A match that is only bullets and spaces is a mask already: replacing it again would
// make text masked twice (in the browser, then by the server) differ from text masked once.
const isMaskAlready = (match: string) => /^[•\s]*$/u.test(match)

/**
 * Where the site owner's own patterns match, first pattern first, no two spans
 * overlapping. Each pattern runs once over the text from left to right; the patterns
 * themselves were checked to run in linear time when the settings were saved.
 */
export function findOwnPatterns(text: string, patterns: readonly RegExp[]): SecretSpan[] {
  const spans: SecretSpan[] = []
  for (const pattern of patterns) {
    const global = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    )
    for (const match of text.matchAll(global)) {
      const start = match.index
      const end = start + match[0].length
      if (end === start || isMaskAlready(match[0])) continue
      if (spans.some((span) => start < span.end && span.start < end)) continue
      spans.push({ start, end, mask: PATTERN_MASK })
    }
  }
  return spans.sort((a, b) => a.start - b.start)
}
