import { describe, expect, it } from 'vitest'
import { issueResumeToken, readResumeToken, resumeKey } from '../../../server/email/resume-token'
import { issueTicket } from '../../../server/session/ticket'
import { issueToken } from '../../../server/session/token'

const SECRET = 'a-session-secret-of-at-least-32-characters'
const KEY = resumeKey(SECRET)
const GUEST = 'V1StGXR8_Z5jdHi6B-myT'
const CLAIMS = { visitorId: GUEST, expiresAt: Date.UTC(2026, 11, 1), generation: 0 }

/** `token` with the character at `index` changed to another URL-safe one. */
function flip(token: string, index: number): string {
  const char = token[index] === 'A' ? 'B' : 'A'
  return token.slice(0, index) + char + token.slice(index + 1)
}

describe('resume tokens', () => {
  it('read back what they were signed with, guests and verified users alike', () => {
    const token = issueResumeToken(KEY, CLAIMS)
    expect(token).toMatch(/^r1\.[A-Za-z0-9_.-]+$/)
    // Short enough for any mail client: well under one line of a plain-text e-mail.
    expect(token.length).toBeLessThan(80)
    expect(readResumeToken(KEY, token)).toEqual(CLAIMS)
    const user = { visitorId: 'user:42.a@b', expiresAt: 1, generation: 1_764_000_000_000 }
    expect(readResumeToken(KEY, issueResumeToken(KEY, user))).toEqual(user)
  })

  it('refuse every single-character change (tampering)', () => {
    const token = issueResumeToken(KEY, { ...CLAIMS, generation: 123_456 })
    for (let index = 0; index < token.length; index++) {
      if (token[index] === '.') continue
      expect(readResumeToken(KEY, flip(token, index)), `changed at ${index}`).toBeUndefined()
    }
  })

  it('refuse a second spelling of the tag (the spare bits of its last character)', () => {
    const token = issueResumeToken(KEY, CLAIMS)
    const last = token.at(-1) ?? ''
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    // 16 bytes are 22 characters whose last carries 2 bits: 16 spellings decode the same.
    const base = alphabet.indexOf(last) & ~15
    const spellings = [...alphabet.slice(base, base + 16)].filter((char) => char !== last)
    expect(spellings).toHaveLength(15)
    for (const char of spellings) {
      const other = token.slice(0, -1) + char
      expect(Buffer.from(other.split('.')[4] ?? '', 'base64url')).toEqual(
        Buffer.from(token.split('.')[4] ?? '', 'base64url'),
      )
      expect(readResumeToken(KEY, other)).toBeUndefined()
    }
  })

  it('refuse a longer lifetime, another visitor or another generation written in', () => {
    const token = issueResumeToken(KEY, CLAIMS)
    const [version, , expires, generation, tag] = token.split('.')
    const other = Buffer.from('Zz9StGXR8_Z5jdHi6B-myT', 'utf8').toString('base64url')
    expect(readResumeToken(KEY, [version, other, expires, generation, tag].join('.'))).toBe(
      undefined,
    )
    const later = (CLAIMS.expiresAt + 86_400_000).toString(36)
    expect(
      readResumeToken(KEY, [version, token.split('.')[1], later, generation, tag].join('.')),
    ).toBeUndefined()
    expect(
      readResumeToken(KEY, [version, token.split('.')[1], expires, '1', tag].join('.')),
    ).toBeUndefined()
  })

  it('are signed with a key of their own: not by SESSION_SECRET itself, and never a visitor token or ticket', () => {
    const token = issueResumeToken(KEY, CLAIMS)
    expect(
      readResumeToken(resumeKey('another-secret-of-at-least-32-characters'), token),
    ).toBeUndefined()
    expect(readResumeToken(Buffer.from(SECRET), token)).toBeUndefined()
    const visitor = { visitorId: GUEST, kind: 'guest' } as const
    expect(
      readResumeToken(KEY, issueToken(SECRET, visitor, { issuedAt: 1, generation: 0 })),
    ).toBeUndefined()
    expect(
      readResumeToken(KEY, issueTicket(SECRET, visitor, { expiresAt: 1, generation: 0 })),
    ).toBeUndefined()
  })

  it('refuse malformed input without throwing', () => {
    for (const bad of [
      '',
      'r1',
      'r1....',
      'r2.a.b.c.d',
      `${issueResumeToken(KEY, CLAIMS)}.x`,
      'r1.%%%.1.0.AAAAAAAAAAAAAAAAAAAAAA',
      `r1.${Buffer.from('has space').toString('base64url')}.1.0.AAAAAAAAAAAAAAAAAAAAAA`,
      'x'.repeat(10_000),
    ])
      expect(readResumeToken(KEY, bad), bad.slice(0, 40)).toBeUndefined()
  })

  it('are made only for visitor ids, with whole-number times', () => {
    expect(() => issueResumeToken(KEY, { ...CLAIMS, visitorId: 'has space' })).toThrow(
      /not a visitor id/,
    )
    expect(() => issueResumeToken(KEY, { ...CLAIMS, expiresAt: 1.5 })).toThrow(/expiresAt/)
    expect(() => issueResumeToken(KEY, { ...CLAIMS, generation: -1 })).toThrow(/generation/)
  })
})
