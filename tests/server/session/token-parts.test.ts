import { describe, expect, it } from 'vitest'
import { idOfPart, idPart, numberOfPart, numberPart } from '../../../server/session/token-parts'

/** The longest visitor id a token part may spell. */
const MAX_VISITOR_ID = 160

describe('token parts', () => {
  it('reads back the id and the numbers it wrote', () => {
    expect(idOfPart(idPart('user:a.b@example.com'))).toBe('user:a.b@example.com')
    expect(numberOfPart(numberPart(1_767_000_000_000))).toBe(1_767_000_000_000)
  })

  it('refuses an id part that is not base64url or spells too long an id', () => {
    expect(idOfPart('a.b')).toBeUndefined()
    expect(idOfPart('')).toBeUndefined()
    expect(idOfPart(idPart('x'.repeat(MAX_VISITOR_ID)))).toBe('x'.repeat(MAX_VISITOR_ID))
    expect(idOfPart(idPart('x'.repeat(MAX_VISITOR_ID + 1)))).toBeUndefined()
  })

  it('refuses a number part that is not base 36 or has more than 12 digits', () => {
    expect(numberOfPart('1Z')).toBeUndefined()
    expect(numberOfPart('-1')).toBeUndefined()
    expect(numberOfPart('')).toBeUndefined()
    expect(numberOfPart('z'.repeat(12))).toBe(Number.parseInt('z'.repeat(12), 36))
    expect(numberOfPart('1'.repeat(13))).toBeUndefined()
  })
})
