import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cutText, MAX_TEXT_LENGTH, splitText } from '../../shared/text'

// Graphemes that span several code points or UTF-16 units: where a naive splitter breaks.
const TRICKY_GRAPHEMES = [
  '👨‍👩‍👧‍👦', // ZWJ family
  '🧑🏿‍🚀', // skin tone + ZWJ
  '👍🏽', // skin tone modifier
  '🇺🇦', // flag: two regional indicators
  '🇯🇵',
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿', // tag sequence flag
  '1️⃣', // keycap
  '❤️', // variation selector
  'e\u0301', // combining acute
  'a\u0308\u0323', // two combining marks
  '\u1100\u1161\u11a8', // Hangul jamo syllable
  '😀',
  '𝒜',
  '\r\n',
]
const WHITESPACE = [' ', '  ', '\n', '\t', ' \n ']

const trickyGrapheme = fc.constantFrom(...TRICKY_GRAPHEMES)
const whitespace = fc.constantFrom(...WHITESPACE)

/** Mixed text: tricky graphemes, any printable graphemes, ASCII words and whitespace. */
const anyText = fc
  .array(
    fc.oneof(
      trickyGrapheme,
      whitespace,
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.string({ unit: 'grapheme-ascii', maxLength: 14 }),
    ),
    { maxLength: 120 },
  )
  .map((pieces) => pieces.join(''))

const limit = fc.integer({ min: 2, max: 40 })

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** Offsets at which a part may end: grapheme boundaries, plus code point boundaries inside graphemes over the limit. */
function allowedBreaks(text: string, max: number): Set<number> {
  const allowed = new Set<number>([0])
  for (const { segment, index } of segmenter.segment(text)) {
    allowed.add(index + segment.length)
    if (segment.length > max) {
      let offset = index
      for (const codePoint of segment) {
        offset += codePoint.length
        allowed.add(offset)
      }
    }
  }
  return allowed
}

function partEnds(parts: string[]): number[] {
  let offset = 0
  return parts.map((part) => {
    offset += part.length
    return offset
  })
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff

describe('splitText properties', () => {
  it('parts re-join to the input and none is over the limit or empty', () => {
    fc.assert(
      fc.property(anyText, limit, (text, max) => {
        const parts = splitText(text, max)
        expect(parts.join('')).toBe(text)
        for (const part of parts) expect(part.length).toBeLessThanOrEqual(max)
        if (text.length > 0) for (const part of parts) expect(part.length).toBeGreaterThan(0)
      }),
    )
  })

  it('never leaves a lone surrogate at the start or end of a part', () => {
    fc.assert(
      fc.property(anyText, limit, (text, max) => {
        for (const part of splitText(text, max)) {
          expect(isLow(part.charCodeAt(0))).toBe(false)
          expect(isHigh(part.charCodeAt(part.length - 1))).toBe(false)
        }
      }),
    )
  })

  it('breaks only between graphemes, unless one grapheme is itself over the limit', () => {
    fc.assert(
      fc.property(anyText, limit, (text, max) => {
        const allowed = allowedBreaks(text, max)
        for (const end of partEnds(splitText(text, max))) expect(allowed.has(end)).toBe(true)
      }),
    )
  })

  it('never breaks inside a word shorter than the limit', () => {
    const wordsAndLimit = fc.integer({ min: 12, max: 60 }).chain((max) =>
      fc.tuple(
        fc.array(
          fc.tuple(
            fc
              .string({
                unit: fc.oneof(
                  trickyGrapheme.filter((g) => !/\s/u.test(g)),
                  fc.constantFrom('a', 'é', 'я'),
                ),
                minLength: 1,
                maxLength: 12,
              })
              .filter((word) => word.length < max),
            whitespace,
          ),
          { maxLength: 80 },
        ),
        fc.constant(max),
      ),
    )
    fc.assert(
      fc.property(wordsAndLimit, ([pairs, max]) => {
        const text = pairs.map(([word, gap]) => word + gap).join('')
        const parts = splitText(text, max)
        expect(parts.join('')).toBe(text)
        for (const end of partEnds(parts).slice(0, -1)) {
          const around = text.slice(end - 1, end + 1)
          expect(
            /\s/u.test(around),
            `break inside a word at ${end}: ${JSON.stringify(around)}`,
          ).toBe(true)
        }
      }),
    )
  })

  it('holds at the real limit of 1000 characters on long texts', () => {
    const longText = fc
      .array(
        fc.oneof(trickyGrapheme, whitespace, fc.string({ unit: 'grapheme-ascii', maxLength: 40 })),
        {
          minLength: 200,
          maxLength: 900,
        },
      )
      .map((pieces) => pieces.join(''))
    fc.assert(
      fc.property(longText, (text) => {
        const parts = splitText(text)
        expect(parts.join('')).toBe(text)
        const allowed = allowedBreaks(text, MAX_TEXT_LENGTH)
        for (const part of parts) expect(part.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH)
        for (const end of partEnds(parts)) expect(allowed.has(end)).toBe(true)
      }),
      // Shrinking texts this long takes minutes; the short-limit properties above shrink well.
      { numRuns: 60, endOnFailure: true },
    )
  })
})

describe('cutText properties', () => {
  it('keeps the first 1000 characters, less one only to avoid a lone high surrogate', () => {
    const mixed = fc
      .array(fc.oneof(trickyGrapheme, fc.string({ unit: 'grapheme', maxLength: 30 })), {
        maxLength: 400,
      })
      .map((pieces) => pieces.join(''))
    // Filler that puts tricky graphemes right across the limit.
    const aroundLimit = fc
      .tuple(
        fc.integer({ min: MAX_TEXT_LENGTH - 12, max: MAX_TEXT_LENGTH + 2 }),
        fc.array(trickyGrapheme, { minLength: 1, maxLength: 8 }),
      )
      .map(([filler, graphemes]) => 'a'.repeat(filler) + graphemes.join(''))
    const text = fc.oneof(mixed, aroundLimit)
    fc.assert(
      fc.property(text, (input) => {
        const cut = cutText(input)
        expect(input.startsWith(cut)).toBe(true)
        if (input.length <= MAX_TEXT_LENGTH) {
          expect(cut).toBe(input)
          return
        }
        const splitsPair = isHigh(input.charCodeAt(MAX_TEXT_LENGTH - 1))
        expect(cut.length).toBe(splitsPair ? MAX_TEXT_LENGTH - 1 : MAX_TEXT_LENGTH)
        expect(isHigh(cut.charCodeAt(cut.length - 1))).toBe(false)
      }),
      { numRuns: 200 },
    )
  })
})
