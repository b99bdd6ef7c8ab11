import { describe, expect, it } from 'vitest'
import { bytesBySource, UNMAPPED } from '../../kit/chunk-modules'

describe('bytesBySource', () => {
  it("counts each segment's bytes for its source, up to the next segment or the line's end", () => {
    // Line 1: `abc` from a.ts (col 0), `de` from b.ts (col 3); line 2: `fgh` from a.ts.
    // Segments: AAAA = [0,0,0,0]; GCAA = [+3,+1,0,0]; line 2: ADAA = [0,-1,0,0].
    const sizes = bytesBySource('abcde\nfgh', {
      sources: ['a.ts', 'b.ts'],
      mappings: 'AAAA,GCAA;ADAA',
    })
    expect(sizes).toEqual([
      ['a.ts', 6],
      ['b.ts', 2],
      [UNMAPPED, 1],
    ])
  })

  it('counts code before the first segment and segments without a source as unmapped', () => {
    expect(bytesBySource('xxabc', { sources: ['a.ts'], mappings: 'EAAA,C' })).toEqual([
      [UNMAPPED, 4],
      ['a.ts', 1],
    ])
  })

  it('counts multi-byte characters as their UTF-8 bytes', () => {
    expect(bytesBySource('é', { sources: ['a.ts'], mappings: 'AAAA' })).toEqual([['a.ts', 2]])
  })

  it('rejects a map that is not base64 VLQ', () => {
    expect(() => bytesBySource('a', { sources: ['a.ts'], mappings: 'A!' })).toThrow(/VLQ/)
  })
})
