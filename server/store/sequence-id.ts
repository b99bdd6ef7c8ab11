import { notAnEntryId } from './errors'

// memory: and sqlite: entry ids are decimal sequence numbers, increasing across all
// visitors, so `after id` is a plain numeric comparison.

const SEQUENCE_ID = /^[1-9][0-9]{0,14}$/

export function isSequenceId(id: string): boolean {
  return SEQUENCE_ID.test(id)
}

/** Log order of two valid sequence ids: negative, zero or positive. */
export function compareSequenceIds(a: string, b: string): number {
  return Number(a) - Number(b)
}

/** Above every id: `before` this reads the newest entries. */
export const AFTER_EVERY_SEQUENCE = Number.MAX_SAFE_INTEGER

/**
 * The sequence a read starts from (`readAfter`, `readBefore`): the id's, or `none` when
 * there is no id. A StoreError for anything that is not an entry id.
 */
export function readFrom(method: string, id: string | undefined, none: number): number {
  if (id === undefined) return none
  if (!isSequenceId(id)) throw notAnEntryId(method, id)
  return Number(id)
}
