import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareStreamIds, isStreamId } from '../../../../server/store/redis/stream-id'

const MAX_PART = 2n ** 64n - 1n
const part = fc.bigInt({ min: 0n, max: MAX_PART })
/** Mostly small parts (as Redis makes them), some near the 64-bit top. */
const anyPart = fc.oneof(fc.bigInt({ min: 0n, max: 2000n }), part)
const streamId = fc.tuple(anyPart, anyPart).map(([ms, seq]) => `${ms}-${seq}`)

/** The reference: both parts as 64-bit numbers. */
function byNumbers(a: string, b: string): number {
  const [aMs, aSeq] = a.split('-').map(BigInt) as [bigint, bigint]
  const [bMs, bSeq] = b.split('-').map(BigInt) as [bigint, bigint]
  if (aMs !== bMs) return aMs < bMs ? -1 : 1
  return aSeq === bSeq ? 0 : aSeq < bSeq ? -1 : 1
}

describe('compareStreamIds', () => {
  it('orders like the numbers the parts are (fast-check, 64-bit parts)', () => {
    fc.assert(
      fc.property(streamId, streamId, (a, b) => {
        expect(isStreamId(a) && isStreamId(b)).toBe(true)
        expect(compareStreamIds(a, b)).toBe(byNumbers(a, b))
      }),
      { numRuns: 2000, seed: 14 },
    )
  })

  it('compares by length before text: 9 < 10 in either part, the time before the sequence', () => {
    expect(compareStreamIds('9-0', '10-0')).toBe(-1)
    expect(compareStreamIds('10-0', '9-0')).toBe(1)
    expect(compareStreamIds('5-9', '5-10')).toBe(-1)
    expect(compareStreamIds('5-10', '5-10')).toBe(0)
    expect(compareStreamIds('6-0', '5-99999')).toBe(1)
    expect(compareStreamIds('0-0', `${MAX_PART}-${MAX_PART}`)).toBe(-1)
  })
})
