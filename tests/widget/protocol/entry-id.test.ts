import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareEntryIds } from '../../../widget/protocol/entry-id'

// The backend's ids: sqlite/memory sequence numbers and Redis stream ids "<ms>-<seq>".
const reference = (a: string, b: string): number => {
  const [x, y] = [a, b].map((id) => id.split('-').map(BigInt))
  for (let index = 0; index < Math.max(x?.length ?? 0, y?.length ?? 0); index++) {
    const left = x?.[index] ?? -1n
    const right = y?.[index] ?? -1n
    if (left !== right) return left < right ? -1 : 1
  }
  return 0
}
const sequence = fc.bigInt({ min: 1n, max: 10n ** 15n }).map(String)
const stream = fc
  .tuple(fc.bigInt({ min: 1_600_000_000_000n, max: 9_999_999_999_999n }), fc.nat(5000))
  .map(([ms, seq]) => `${ms}-${seq}`)

/** compareEntryIds orders any two generated ids as the reference does. */
function expectOrderedLikeReference(ids: fc.Arbitrary<string>): void {
  fc.assert(
    fc.property(ids, ids, (a, b) => {
      expect(Math.sign(compareEntryIds(a, b))).toBe(reference(a, b))
    }),
    { numRuns: 2000 },
  )
}

describe('compareEntryIds', () => {
  it('orders sequence ids as numbers', () => {
    expectOrderedLikeReference(sequence)
    expect(compareEntryIds('9', '10')).toBeLessThan(0)
  })

  it('orders Redis stream ids by time, then by sequence', () => {
    expectOrderedLikeReference(stream)
    expect(compareEntryIds('1700000000000-9', '1700000000000-10')).toBeLessThan(0)
    expect(compareEntryIds('1700000000001-0', '1700000000000-10')).toBeGreaterThan(0)
  })
})
