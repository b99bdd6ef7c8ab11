// The character tests the scanners share; plain code comparisons, so a scan never
// backtracks and costs the same on any alphabet.

export const isDigitCode = (code: number) => code >= 48 && code <= 57

export const isLetterCode = (code: number) =>
  (code >= 65 && code <= 90) || (code >= 97 && code <= 122)

export const isAlnumCode = (code: number) => isDigitCode(code) || isLetterCode(code)

/** What a visitor types between a number's groups: a space, a no-break space or a dash. */
export const isGroupSeparatorCode = (code: number) =>
  code === 32 || code === 0xa0 || code === 45 || code === 0x2011 || code === 0x2013

/** A found secret: text[start, end) becomes `mask`. */
export type SecretSpan = { start: number; end: number; mask: string }

/** Replaces each span (in order, not overlapping) with its mask. */
export function replaceSpans(text: string, spans: readonly SecretSpan[]): string {
  if (spans.length === 0) return text
  let out = ''
  let at = 0
  for (const span of spans) {
    out += text.slice(at, span.start) + span.mask
    at = span.end
  }
  return out + text.slice(at)
}

/** The mask of a card number or an IBAN: every character hidden but the last four. */
export const maskKeepingLastFour = (lead: string, lastFour: string) =>
  `${lead}•• •••• •••• ${lastFour}`
