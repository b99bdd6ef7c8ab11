import { describe, expect, it } from 'vitest'
import { isStoreError } from '../../../server/store/errors'
import { AFTER_EVERY_SEQUENCE, readFrom } from '../../../server/store/sequence-id'

// Where memory: and sqlite: start a read (readAfter, readBefore): one check for both.
describe('readFrom', () => {
  it('reads an entry id as its sequence, and no id as the given start', () => {
    expect(readFrom('readAfter', '42', 0)).toBe(42)
    expect(readFrom('readAfter', undefined, 0)).toBe(0)
    expect(readFrom('readBefore', undefined, AFTER_EVERY_SEQUENCE)).toBe(AFTER_EVERY_SEQUENCE)
  })

  it.each(['0', '-1', '1.5', 'abc', '1-0', '', '1234567890123456'])(
    'refuses %j with a StoreError that names the read and what to check',
    (id) => {
      const error = (() => {
        try {
          readFrom('readBefore', id, AFTER_EVERY_SEQUENCE)
        } catch (caught) {
          return caught
        }
      })()
      expect(isStoreError(error)).toBe(true)
      expect(String(error)).toContain(
        `readBefore: "${id}" is not an entry id; check isValidId() first`,
      )
    },
  )
})
