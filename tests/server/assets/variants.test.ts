import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { makeVariants } from '../../../server/assets/variants'

const text = Buffer.from('export const chat = "hello";\n'.repeat(200))

describe('makeVariants', () => {
  it('compresses each encoding so it decodes to the same bytes, with its own strong ETag', () => {
    const variants = makeVariants(text)
    expect(Buffer.from(brotliDecompressSync(variants.br.body))).toEqual(text)
    expect(Buffer.from(gunzipSync(variants.gzip.body))).toEqual(text)
    expect(variants.identity.body).toEqual(text)
    expect(variants.br.body.length).toBeLessThan(text.length / 10)
    const tags = [variants.identity.etag, variants.br.etag, variants.gzip.etag]
    expect(new Set(tags).size).toBe(3)
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+(\.br|\.gz)?"$/)
  })

  it('gives the same ETags for the same content (every instance agrees) and new ones for new content', () => {
    expect(makeVariants(text).br.etag).toBe(makeVariants(Buffer.from(text)).br.etag)
    expect(makeVariants(Buffer.from('other')).br.etag).not.toBe(makeVariants(text).br.etag)
  })

  it("uses the build's precompressed bytes when they decode to the file", () => {
    const br = brotliCompressSync(text) // default quality: other bytes than ours
    const gzip = gzipSync(text, { level: 1 })
    const variants = makeVariants(text, { br, gzip })
    expect(Buffer.from(variants.br.body)).toEqual(br)
    expect(Buffer.from(variants.gzip.body)).toEqual(gzip)
  })

  it('ignores stale or broken precompressed files (a half-finished build)', () => {
    const stale = brotliCompressSync(Buffer.from('the previous build'))
    const variants = makeVariants(text, { br: stale, gzip: Buffer.from('not gzip') })
    expect(Buffer.from(brotliDecompressSync(variants.br.body))).toEqual(text)
    expect(Buffer.from(gunzipSync(variants.gzip.body))).toEqual(text)
  })
})
