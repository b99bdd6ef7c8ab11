import { describe, expect, it } from 'vitest'
import { listeningOn } from '../../server/listen-address'

describe('listeningOn (the start-up line)', () => {
  it('says a server bound to every address listens on every address, not on 127.0.0.1', () => {
    expect(listeningOn('0.0.0.0', 3000)).toBe(
      'every address (0.0.0.0), port 3000: http://127.0.0.1:3000 from this machine',
    )
    expect(listeningOn('::', 8080)).toMatch(/^every address \(::\), port 8080: /)
  })

  it('gives the URL of one address, IPv6 in brackets', () => {
    expect(listeningOn('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000')
    expect(listeningOn('::1', 3000)).toBe('http://[::1]:3000')
  })
})
