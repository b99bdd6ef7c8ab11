import { isCardPrefix, isLuhnValid } from './card-brands'
import {
  isDigitCode,
  isGroupSeparatorCode,
  isLetterCode,
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
 * Whether groups of these sizes are a card number as people write one: in one piece,
 * in fours (the last group shorter: 13, 15 and 19 digits), or as American Express and
 * Diners print theirs (4-6-5, 4-6-4). An order number written 3-7-7 is none of these.
 */
function isCardShape(sizes: readonly number[]): boolean {
  if (sizes.length === 1) return true
  const shape = sizes.join('-')
  if (shape === '4-6-5' || shape === '4-6-4') return true
  return sizes.every((size, i) => (i === sizes.length - 1 ? size >= 1 && size <= 4 : size === 4))
}

/**
 * The card number a run of digits starts with: the longest stretch of whole groups from
 * the run's first with 13–19 digits, a card's shape, a brand's prefix and length and a
 * valid Luhn check (a number typed with a security code or an expiry after it,
 * "4111 1111 1111 1111 123", is still found). At most 19 groups are looked at.
 */
function cardAtStart(text: string, groups: readonly Group[]): number | undefined {
  const ends: number[] = []
  const sizes: number[] = []
  let count = 0
  for (const [g, group] of groups.entries()) {
    sizes.push(group.end - group.start)
    count += group.end - group.start
    if (count > MAX_DIGITS) break
    if (count >= MIN_DIGITS && isCardShape(sizes)) ends.push(g)
  }
  for (let e = ends.length - 1; e >= 0; e--) {
    const last = ends[e] ?? 0
    const digits = digitsOf(text, groups, 0, last)
    if (isCardPrefix(digits) && isLuhnValid(digits)) return last
  }
  return undefined
}

/**
 * Where payment card numbers are in the text: 13–19 digits at the start of a run of
 * digits (in one piece, or in groups with a space or a dash between them), not touching
 * a letter (a serial number "SN4111…" is not a card), Luhn-valid and within a brand's
 * ranges. Linear in the text's length.
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
    const last = isLetterCode(text.charCodeAt(at - 1)) ? undefined : cardAtStart(text, groups)
    const end = groups[last ?? 0]?.end ?? at
    if (last !== undefined && !isLetterCode(text.charCodeAt(end))) {
      const lastFour = digitsOf(text, groups, 0, last).slice(-4)
      spans.push({ start: at, end, mask: maskKeepingLastFour('••', lastFour) })
    }
    at = groups[groups.length - 1]?.end ?? at + 1
  }
  return spans
}
