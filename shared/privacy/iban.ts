import {
  isAlnumCode,
  isDigitCode,
  isGroupSeparatorCode,
  maskKeepingLastFour,
  type SecretSpan,
} from './characters'
import { IBAN_LENGTHS } from './iban-lengths'

/** The value of an IBAN character in the mod-97 check: 0–9, then A (10) to Z (35). */
const checkValue = (code: number) => (isDigitCode(code) ? code - 48 : (code | 32) - 87)

/** ISO 13616's check: the first four characters moved to the end, read as a number mod 97, is 1. */
function isMod97Valid(characters: string): boolean {
  const rotated = characters.slice(4) + characters.slice(0, 4)
  let rest = 0
  for (let i = 0; i < rotated.length; i++) {
    const value = checkValue(rotated.charCodeAt(i))
    rest = (rest * (value > 9 ? 100 : 10) + value) % 97
  }
  return rest === 1
}

/**
 * The IBAN starting at `start` (a country code in capitals, two check digits right after
 * it, then the country's exact number of letters and digits with at most one space or
 * dash between any two), as its end and characters, or undefined. Reads at most twice
 * the longest IBAN's length.
 */
function ibanAt(text: string, start: number): { end: number; characters: string } | undefined {
  const length = IBAN_LENGTHS[text.slice(start, start + 2)]
  if (length === undefined) return undefined
  if (!isDigitCode(text.charCodeAt(start + 2)) || !isDigitCode(text.charCodeAt(start + 3)))
    return undefined
  let characters = text.slice(start, start + 4)
  let at = start + 4
  while (characters.length < length) {
    if (isGroupSeparatorCode(text.charCodeAt(at)) && isAlnumCode(text.charCodeAt(at + 1))) at++
    const code = text.charCodeAt(at)
    if (!isAlnumCode(code)) return undefined
    characters += text[at]
    at++
  }
  if (isAlnumCode(text.charCodeAt(at))) return undefined
  return isMod97Valid(characters) ? { end: at, characters } : undefined
}

const isCapital = (code: number) => code >= 65 && code <= 90

/**
 * Where IBANs are in the text: each country's exact length and a valid mod-97 check,
 * written in one piece or in groups. Linear in the text's length.
 */
export function findIbans(text: string): SecretSpan[] {
  const spans: SecretSpan[] = []
  let at = 0
  while (at < text.length - 1) {
    const startsWord = at === 0 || !isAlnumCode(text.charCodeAt(at - 1))
    if (startsWord && isCapital(text.charCodeAt(at)) && isCapital(text.charCodeAt(at + 1))) {
      const found = ibanAt(text, at)
      if (found) {
        const lastFour = found.characters.slice(-4)
        spans.push({
          start: at,
          end: found.end,
          mask: maskKeepingLastFour(text.slice(at, at + 2), lastFour),
        })
        at = found.end
        continue
      }
    }
    at++
  }
  return spans
}
