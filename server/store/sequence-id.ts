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
