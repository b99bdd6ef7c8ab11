import { isCardPrefix, isLuhnValid } from './card-brands'
import {
  isDigitCode,
  isGroupSeparatorCode,
  maskKeepingLastFour,
  type SecretSpan,
} from './characters'

const MIN_DIGITS = 13
const MAX_DIGITS = 19

type Group = { start: number; end: number }

/**
 * The groups of one run of digits starting at `from`: digits, then a single space or dash
 * and more digits, and so on. Each character is read once.
 */
function readRun(text: string, from: number): Group[] {
  const groups: Group[] = []
  let at = from
  for (;;) {
    const start = at
    while (at < text.length && isDigitCode(text.charCodeAt(at))) at++
    groups.push({ start, end: at })
    if (!isGroupSeparatorCode(text.charCodeAt(at)) || !isDigitCode(text.charCodeAt(at + 1))) break
    at++
  }
  return groups
}

const digitsOf = (text: string, groups: readonly Group[], first: number, last: number) => {
  let digits = ''
  for (let g = first; g <= last; g++) {
    const group = groups[g]
    if (group) digits += text.slice(group.start, group.end)
  }
  return digits
}

/**
 * The card number in the run starting at group `first`: the longest stretch of whole
 * groups with 13–19 digits that has a brand's prefix and length and passes Luhn (a number
 * typed with a CVV or an expiry after it, "4111 1111 1111 1111 123", is still found).
 * At most 19 groups are looked at, so a run costs a bounded amount per group.
 */
function cardFrom(text: string, groups: readonly Group[], first: number): number | undefined {
  const ends: number[] = []
  let count = 0
  for (let g = first; g < groups.length; g++) {
    const group = groups[g]
    if (!group) break
    count += group.end - group.start
    if (count > MAX_DIGITS) break
    if (count >= MIN_DIGITS) ends.push(g)
  }
  for (let e = ends.length - 1; e >= 0; e--) {
    const last = ends[e] ?? first
    const digits = digitsOf(text, groups, first, last)
    if (isCardPrefix(digits) && isLuhnValid(digits)) return last
  }
  return undefined
}

/**
 * Where payment card numbers are in the text: 13–19 digits, in one piece or in groups
 * with a space or a dash between them, Luhn-valid and within a brand's ranges. A run
 * with no separator is a card only as a whole (a 22-digit tracking number holds no card).
 * Linear in the text's length.
 */
export function findCardNumbers(text: string): SecretSpan[] {
  const spans: SecretSpan[] = []
  let at = 0
  while (at < text.length) {
    if (!isDigitCode(text.charCodeAt(at))) {
      at++
      continue
    }
    const groups = readRun(text, at)
    for (let g = 0; g < groups.length; g++) {
      const last = cardFrom(text, groups, g)
      if (last === undefined) continue
      const start = groups[g]?.start ?? at
      const end = groups[last]?.end ?? at
      const lastFour = digitsOf(text, groups, g, last).slice(-4)
      spans.push({ start, end, mask: maskKeepingLastFour('••', lastFour) })
      g = last
    }
    at = groups[groups.length - 1]?.end ?? at + 1
  }
  return spans
}
