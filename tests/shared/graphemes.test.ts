import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { graphemes } from '../../shared/graphemes'
import { referenceGraphemes } from './support/reference-split'
import { trickyText } from './support/tricky-text'

describe('graphemes', () => {
  it('finds the graphemes one segmenter finds on the whole text', () => {
    fc.assert(
      fc.property(trickyText(300), (text) => {
        expect([...graphemes(text)]).toEqual(referenceGraphemes(text))
      }),
      { numRuns: 400 },
    )
  })

  it('keeps a grapheme longer than a window whole, and counts flag pairs from the run', () => {
    const marks = `e${'\u0301'.repeat(500)}x`
    const flags = `a${'🇺🇦'.repeat(60)}🇺b`
    for (const text of [marks, flags, `${marks}${flags}`, '\r\n'.repeat(100)]) {
      expect([...graphemes(text)]).toEqual(referenceGraphemes(text))
    }
  })

  it('never parts a surrogate pair at the edge of a window', () => {
    for (let pad = 0; pad < 70; pad++) {
      const text = `${'é'.repeat(pad)}${'👍🏽'.repeat(40)}`
      expect([...graphemes(text)]).toEqual(referenceGraphemes(text))
    }
  })
})
