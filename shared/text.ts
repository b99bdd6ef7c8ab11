import { graphemes, isHighSurrogate } from './graphemes'

/** The service's limit on one customer message's text (spec 2.1, section 8). */
export const MAX_TEXT_LENGTH = 1000

/**
 * The longest text one message from the widget may carry (OutgoingMessage in
 * shared/widget-api.ts): the backend splits it into parts of MAX_TEXT_LENGTH; this
 * bound only stops abuse.
 */
export const MAX_MESSAGE_LENGTH = MAX_TEXT_LENGTH * 20

// Length is counted in UTF-16 code units: a part within this limit is within it
// whichever way the service counts characters (code units or code points).

/**
 * The service's cut rule: text over the limit keeps its first `max` characters.
 * Never leaves half of a surrogate pair at the end.
 *
 * @example cutText('a'.repeat(1200)).length // 1000
 */
export function cutText(text: string, max = MAX_TEXT_LENGTH): string {
  if (text.length <= max) return text
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max
  return text.slice(0, end)
}

/**
 * Splits text into parts of at most `max` characters that re-join to the input,
 * breaking after whitespace where possible and never inside an emoji or code point.
 *
 * @example splitText(longText).join('') === longText
 */
export function splitText(text: string, max = MAX_TEXT_LENGTH): string[] {
  if (max < 2) throw new RangeError('splitText: max must be at least 2')
  if (text.length <= max) return [text]
  const parts: string[] = []
  // The part being filled is text[partStart, end); it is cut by offsets, never by
  // copying, so each character is handled a bounded number of times.
  let partStart = 0
  let end = 0
  // Offset just after the part's last whitespace: the preferred place to break.
  let lastBreak = -1
  for (const segment of graphemes(text)) {
    while (end > partStart && end - partStart + segment.length > max) {
      // Break after the last whitespace; when what remains still leaves no room,
      // the next round flushes the remainder whole.
      const at = lastBreak > partStart ? lastBreak : end
      parts.push(text.slice(partStart, at))
      partStart = at
      lastBreak = -1
    }
    if (segment.length > max) {
      // A single grapheme longer than the limit (stacked combining marks) is
      // split between code points, which keeps every code point whole.
      for (const codePoint of segment) {
        if (end - partStart + codePoint.length > max) {
          parts.push(text.slice(partStart, end))
          partStart = end
          lastBreak = -1
        }
        end += codePoint.length
      }
      continue
    }
    end += segment.length
    if (/\s/u.test(segment)) lastBreak = end
  }
  if (end > partStart) parts.push(text.slice(partStart, end))
  return parts
}
