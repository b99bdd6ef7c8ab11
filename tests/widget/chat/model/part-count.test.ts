import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitText } from '../../../../shared/text'
import { countParts } from '../../../../widget/chat/model/part-count'

// The composer counts the parts the backend will make (splitText of shared/text.ts).

const word = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('a', 'b', 'я', 'é', '7') }),
  fc.constantFrom('x'.repeat(1200), 'long-word-'.repeat(30)),
)
const text = fc
  .array(fc.tuple(word, fc.constantFrom(' ', '\n', '  ', '\t')), { maxLength: 900 })
  .map((pairs) => pairs.map(([w, space]) => w + space).join(''))

describe('countParts', () => {
  it('equals the number of parts of the backend’s split for text with words and spaces', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(countParts(value)).toBe(splitText(value).length)
      }),
      { numRuns: 300 },
    )
  })

  it('counts 1 up to 1000 characters, and the parts of 20,000 characters of unbroken text', () => {
    expect(countParts('')).toBe(1)
    expect(countParts('a'.repeat(1000))).toBe(1)
    expect(countParts('a'.repeat(1001))).toBe(2)
    expect(countParts('a'.repeat(20_000))).toBe(20)
  })
})
