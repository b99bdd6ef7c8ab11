import fc from 'fast-check'

// Code points whose grapheme boundaries depend on their neighbours, alone so that random
// texts combine them every way: a splitter that segments in pieces must still agree
// with one that segments the whole text.
const PIECES = [
  'a',
  'é',
  ' ',
  '\t',
  '\r',
  '\n',
  '\u00a0', // no-break space
  '\u2028', // line separator (a control for graphemes)
  '\u0301', // combining acute (Extend)
  '\u200d', // ZWJ
  '\ufe0f', // variation selector 16
  '😀',
  '👩',
  '🏽', // skin tone modifier (Extend)
  '©', // Extended_Pictographic in Latin-1
  '🇺', // regional indicators: pairs counted from the start of a run
  '🇦',
  '\u{e0067}', // tag character
  '\u0915', // Devanagari ka, virama, ssa: an Indic conjunct
  '\u094d',
  '\u0937',
  '\u0903', // SpacingMark
  '\u0600', // Prepend
  '\u1100', // Hangul L, V, T, LV
  '\u1161',
  '\u11a8',
  '\uac00',
  '\ud83d', // lone surrogates
  '\ude00',
]

/** A random text of up to `maxPieces` tricky code points, runs and ordinary graphemes. */
export function trickyText(maxPieces: number): fc.Arbitrary<string> {
  const piece = fc.constantFrom(...PIECES)
  const run = fc
    .tuple(piece, fc.integer({ min: 2, max: 150 }))
    .map(([code, times]) => code.repeat(times))
  return fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: piece },
        { weight: 1, arbitrary: run },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
      ),
      { maxLength: maxPieces },
    )
    .map((pieces) => pieces.join(''))
}
