import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { belongsTo, messageId, partClientIds } from '../../shared/part-ids'

// The backend names a split message's parts, the widget finds the message from a part:
// both sides must agree on the one format.

describe('part ids of a split message', () => {
  it('are the message id for one part and <id>-<n> (n from 1) for several', () => {
    expect(partClientIds('a1b2c3d4e5f6', 1)).toEqual(['a1b2c3d4e5f6'])
    expect(partClientIds('a1b2c3d4e5f6', 3)).toEqual([
      'a1b2c3d4e5f6-1',
      'a1b2c3d4e5f6-2',
      'a1b2c3d4e5f6-3',
    ])
  })

  it('lead back to the message they were built from, and belong to it alone', () => {
    const hexId = fc.stringMatching(/^[0-9a-f]{24}$/)
    fc.assert(
      fc.property(hexId, hexId, fc.integer({ min: 1, max: 30 }), (id, other, count) => {
        for (const part of partClientIds(id, count)) {
          expect(messageId(part)).toBe(id)
          expect(belongsTo(part, id)).toBe(true)
          if (other !== id) expect(belongsTo(part, other)).toBe(false)
        }
      }),
    )
  })

  it('leave an id without a part suffix as it is; no entry id belongs to nothing', () => {
    expect(messageId('a1b2c3d4e5f6')).toBe('a1b2c3d4e5f6')
    expect(belongsTo(undefined, 'a1b2c3d4e5f6')).toBe(false)
    expect(belongsTo('a1b2c3d4e5f7', 'a1b2c3d4e5f6')).toBe(false)
  })
})
