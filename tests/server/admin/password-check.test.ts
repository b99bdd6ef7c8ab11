import * as crypto from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>()
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) }
})

const { createPasswordCheck } = await import('../../../server/admin/password-check')
const { tokenMatches } = await import('../../../server/admin/token-check')

describe('the studio password check', () => {
  it('accepts only the password, comparing equal-length scrypt hashes in constant time', async () => {
    const check = await createPasswordCheck('correct horse battery')
    const compare = vi.mocked(crypto.timingSafeEqual)
    compare.mockClear()
    expect(await check.matches('correct horse battery')).toBe(true)
    // Wrong by one character, a prefix, much longer, empty: every one goes through the same comparison.
    for (const candidate of ['correct horse batterz', 'correct', 'x'.repeat(500), '']) {
      expect(await check.matches(candidate)).toBe(false)
    }
    expect(compare).toHaveBeenCalledTimes(5)
    for (const [a, b] of compare.mock.calls) {
      expect(a.byteLength).toBe(32)
      expect(b.byteLength).toBe(32)
    }
  })

  it('treats the same text in another Unicode form as the same password', async () => {
    const check = await createPasswordCheck('café-au-lait-123')
    expect(await check.matches('cafe\u0301-au-lait-123')).toBe(true)
  })

  it('compares the API token as digests in constant time, never by ===', () => {
    const compare = vi.mocked(crypto.timingSafeEqual)
    compare.mockClear()
    expect(tokenMatches('admin-token-0123456789abcdef', 'admin-token-0123456789abcdef')).toBe(true)
    expect(tokenMatches('admin-token-0123456789abcdef', 'admin-token')).toBe(false)
    expect(tokenMatches(undefined, 'anything')).toBe(false)
    expect(tokenMatches('admin-token-0123456789abcdef', undefined)).toBe(false)
    expect(compare).toHaveBeenCalledTimes(2)
  })
})
