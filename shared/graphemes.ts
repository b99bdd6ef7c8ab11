// Intl.Segmenter on Node 20 costs each step time in proportion to the length of the
// whole string it segments: walking a long text's graphemes with one segmenter is
// quadratic (20,000 characters 0.2 s, 100,000 over 4 s). So the text is segmented in
// short windows, each starting at a boundary already found: grapheme rules look back
// only within a cluster, so segmenting from a boundary finds the same boundaries. A
// window's last grapheme may go on past it, so it is found again by the next window.

/** Code units per window: long enough for almost every grapheme, short enough to be cheap. */
const WINDOW = 64

// Made on first use, not when the module loads: the widget's chat chunk imports
// shared/text.ts for its constants, and a first grapheme segmenter costs a slow phone
// 40 ms or more (the tap to chat, docs/benchmarks.md).
let segmenter: Intl.Segmenter | undefined

const isAscii = (code: number) => code < 0x80

/**
 * The text's graphemes (extended grapheme clusters, as `Intl.Segmenter` finds them on
 * the whole text), in order, in time linear in the text's length.
 *
 * @example [...graphemes('e\u0301👍🏽!')] // ['é', '👍🏽', '!']
 */
export function* graphemes(text: string): Generator<string> {
  let start = 0
  while (start < text.length) {
    const code = text.charCodeAt(start)
    const next = text.charCodeAt(start + 1)
    // Between two ASCII characters there is always a boundary, except inside CR LF.
    if (code === 13 && next === 10) {
      yield '\r\n'
      start += 2
    } else if (isAscii(code) && !(next >= 0x80)) {
      yield text.charAt(start)
      start += 1
    } else {
      start = yield* windowGraphemes(text, start)
    }
  }
}

/** Yields the graphemes found for certain in a window from `start`; returns where the next begins. */
function* windowGraphemes(text: string, start: number): Generator<string, number> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  for (let size = WINDOW; ; size *= 2) {
    let end = Math.min(start + size, text.length)
    // Never end inside a surrogate pair: half of one would change the boundary before it.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1
    let at = start
    for (const { segment } of segmenter.segment(text.slice(start, end))) {
      if (at + segment.length === end && end < text.length) break
      yield segment
      at += segment.length
      // A window grown for one long grapheme is not walked further: each step costs its length.
      if (size > WINDOW) break
    }
    if (at > start) return at
  }
}

/** True for the first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
