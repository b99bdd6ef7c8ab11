// memory: and sqlite: entry ids are decimal sequence numbers, increasing across all
// visitors, so `after id` is a plain numeric comparison.

const SEQUENCE_ID = /^[1-9][0-9]{0,14}$/

export function isSequenceId(id: string): boolean {
  return SEQUENCE_ID.test(id)
}

/** The sequence number of a valid id; 0 (before everything) for undefined. */
export function sequenceOf(id: string | undefined): number {
  return id === undefined ? 0 : Number(id)
}

/** Log order of two valid sequence ids: negative, zero or positive. */
export function compareSequenceIds(a: string, b: string): number {
  return Number(a) - Number(b)
}

/** Above every id: `before` this reads the newest entries. */
export const AFTER_EVERY_SEQUENCE = Number.MAX_SAFE_INTEGER
