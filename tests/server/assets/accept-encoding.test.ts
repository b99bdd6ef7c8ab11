import { describe, expect, it } from 'vitest'
import { chooseEncoding } from '../../../server/assets/accept-encoding'

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['identity', 'identity'],
    ['identity;q=1, br;q=0.5', 'identity'],
    ['br;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['*;q=0', 'identity'],
    ['br;q=0.9, br;q=0.1, gzip;q=0.5', 'br'],
    ['br; q=1.000 , gzip', 'br'],
    ['br;q=abc, gzip;q=0.5', 'br'],
    [' , ;, br', 'br'],
  ])('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected)
  })
})
