// splitText as it was before it walked graphemes in windows: one Intl.Segmenter over
// the whole text (quadratic on Node 20). Kept as the reference the linear one must
// match exactly (tests/shared/text-reference.test.ts).

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** The parts the old splitText made of `text`, for texts of a few thousand characters at most. */
export function referenceSplitText(text: string, max: number): string[] {
  if (text.length <= max) return [text]
  const parts: string[] = []
  let part = ''
  let lastBreak = -1
  for (const { segment } of segmenter.segment(text)) {
    while (part.length > 0 && part.length + segment.length > max) {
      const at = lastBreak > 0 ? lastBreak : part.length
      parts.push(part.slice(0, at))
      part = part.slice(at)
      lastBreak = -1
    }
    if (segment.length > max) {
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

/** The graphemes of `text` from one segmenter over the whole text. */
export function referenceGraphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), ({ segment }) => segment)
}
