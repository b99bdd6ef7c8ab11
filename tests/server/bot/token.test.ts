import { describe, expect, it } from 'vitest'
import { tokensMatch } from '../../../server/bot/token'

describe('tokensMatch', () => {
  it('is true only for the exact token', () => {
    expect(tokensMatch('s3cret-token', 's3cret-token')).toBe(true)
    for (const given of [
      '',
      's3cret',
      's3cret-token ',
      'S3CRET-TOKEN',
      's3cret-tokenx',
      'x'.repeat(1000),
    ]) {
      expect(tokensMatch('s3cret-token', given)).toBe(false)
    }
  })

  it('compares tokens of any length without throwing (timingSafeEqual needs equal lengths)', () => {
    expect(() => tokensMatch('a', 'a much longer candidate')).not.toThrow()
    expect(tokensMatch('ключ', 'ключ')).toBe(true)
  })
})
