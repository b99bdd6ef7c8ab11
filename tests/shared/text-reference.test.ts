import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitText } from '../../shared/text'
import { referenceSplitText } from './support/reference-split'
import { trickyText } from './support/tricky-text'

// splitText walks graphemes in windows (linear time); its parts must be exactly those the
// whole-text walk made, for every input.
describe('splitText against the whole-text reference', () => {
  it('makes the same parts on random texts at small limits', () => {
    fc.assert(
      fc.property(trickyText(300), fc.integer({ min: 2, max: 80 }), (text, max) => {
        expect(splitText(text, max)).toEqual(referenceSplitText(text, max))
      }),
      { numRuns: 500 },
    )
  })

  it('makes the same parts on long texts at the real limit', () => {
    fc.assert(
      fc.property(trickyText(2500), (text) => {
        expect(splitText(text)).toEqual(referenceSplitText(text, 1000))
      }),
      { numRuns: 40, endOnFailure: true },
    )
  })
})
