// Redis stream entry ids ("<ms>-<seq>", both unsigned 64-bit) are the redis: store's
// entry ids and so the SSE event ids visitors resume from.

const STREAM_ID = /^(0|[1-9][0-9]{0,19})-(0|[1-9][0-9]{0,19})$/
const MAX_PART = 2n ** 64n - 1n

/** True for a well-formed stream id whose parts fit in 64 bits. */
export function isStreamId(id: string): boolean {
  const match = STREAM_ID.exec(id)
  if (!match) return false
  return BigInt(match[1] ?? '') <= MAX_PART && BigInt(match[2] ?? '') <= MAX_PART
}

/** Negative, zero or positive as `a` comes before, is, or comes after `b`. Both must be valid. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs = '0', aSeq = '0'] = a.split('-')
  const [bMs = '0', bSeq = '0'] = b.split('-')
  const byMs = BigInt(aMs) - BigInt(bMs)
  if (byMs !== 0n) return byMs < 0n ? -1 : 1
  const bySeq = BigInt(aSeq) - BigInt(bSeq)
  return bySeq === 0n ? 0 : bySeq < 0n ? -1 : 1
}

/** The last id there can be: nothing comes after it. */
export function isLastStreamId(id: string): boolean {
  return id === `${MAX_PART}-${MAX_PART}`
}
