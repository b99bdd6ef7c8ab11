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

// Made on first use, not when the module loads: the widget's chat chunk imports this file
// for its constants, and a first grapheme segmenter costs a slow phone 40 ms or more
// (the tap to chat, docs/benchmarks.md), which a bundler keeps as a side effect.
let segmenter: Intl.Segmenter | undefined

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

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
  let part = ''
  // Index in `part` just after its last whitespace: the preferred place to break.
  let lastBreak = -1
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  for (const { segment } of segmenter.segment(text)) {
    while (part.length > 0 && part.length + segment.length > max) {
      // Break after the last whitespace; when what remains still leaves no room,
      // the next round flushes the remainder whole.
      const at = lastBreak > 0 ? lastBreak : part.length
      parts.push(part.slice(0, at))
      part = part.slice(at)
      lastBreak = -1
    }
    if (segment.length > max) {
      // A single grapheme longer than the limit (stacked combining marks) is
      // split between code points, which keeps every code point whole.
      for (const codePoint of segment) {
        if (part.length + codePoint.length > max) {
          parts.push(part)
          part = ''
          lastBreak = -1
        }
        part += codePoint
      }
      continue
    }
    part += segment
    if (/\s/u.test(segment)) lastBreak = part.length
  }
  if (part.length > 0) parts.push(part)
  return parts
}
