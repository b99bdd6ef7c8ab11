import { describe, expect, it } from 'vitest'
import { createSecretMatcher, secretMatches } from '../../../server/webhook/secret-match'

const SECRET = 'hook-secret-0123456789abcdef'

describe('secretMatches / createSecretMatcher', () => {
  it.each([
    ['the secret itself', SECRET, true],
    ['a prefix of it', SECRET.slice(0, -1), false],
    ['the secret with a suffix', `${SECRET}x`, false],
    ['one character changed', `${SECRET.slice(0, -1)}0`, false],
    ['the empty string', '', false],
    ['another case', SECRET.toUpperCase(), false],
    ['the secret with a NUL after it', `${SECRET}\u0000`, false],
    ['a prefix of it padded with NULs', `${SECRET.slice(0, -2)}\u0000\u0000`, false],
    ['a multi-byte character in its place', `${SECRET.slice(0, -1)}é`, false],
  ])('answers %s with %s', (_, given, expected) => {
    expect(secretMatches(SECRET, given)).toBe(expected)
    expect(createSecretMatcher(SECRET)(given)).toBe(expected)
  })

  it('keeps comparing correctly on every call of one matcher', () => {
    const isOurs = createSecretMatcher(SECRET)
    expect([isOurs(SECRET), isOurs('nope'), isOurs(SECRET)]).toEqual([true, false, true])
  })
})
