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
  // Valid parts are decimal without leading zeros: the longer number is the larger, and
  // numbers of one length compare as text. No BigInt: this runs for every entry pushed.
  const aDash = a.indexOf('-')
  const bDash = b.indexOf('-')
  return (
    compareDecimals(a.slice(0, aDash), b.slice(0, bDash)) ||
    compareDecimals(a.slice(aDash + 1), b.slice(bDash + 1))
  )
}

function compareDecimals(a: string, b: string): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1
  return a === b ? 0 : a < b ? -1 : 1
}

/** The last id there can be: nothing comes after it. */
export function isLastStreamId(id: string): boolean {
  return id === `${MAX_PART}-${MAX_PART}`
}
