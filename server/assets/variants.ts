import { createHash } from 'node:crypto'
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib'
import type { Encoding } from './accept-encoding'

/** One encoding of a representation: its bytes and its strong ETag. */
export interface Variant {
  body: Uint8Array
  etag: string
}

/** A representation in every encoding we serve. */
export type Variants = Record<Encoding, Variant>

export type Precompressed = Partial<Record<'br' | 'gzip', Uint8Array>>

const SUFFIX: Record<Encoding, string> = { identity: '', br: '.br', gzip: '.gz' }

/** Brotli at its best (quality 11): what the build writes, and what runtime bodies get. */
export function brotli(body: Uint8Array): Uint8Array {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })
}

export function gzip(body: Uint8Array): Uint8Array {
  return gzipSync(body, { level: 9 })
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(a, b) === 0
}

/** A precompressed file is used only if it decodes to the current bytes (not a stale build). */
function decodes(
  encoded: Uint8Array | undefined,
  decode: (body: Uint8Array) => Uint8Array,
  identity: Uint8Array,
): encoded is Uint8Array {
  if (!encoded) return false
  try {
    return same(decode(encoded), identity)
  } catch {
    return false
  }
}

/**
 * Every encoding of `identity`, reusing the build's .br/.gz files when they decode to it
 * and compressing otherwise. Each encoding has its own strong ETag (RFC 9110 §8.8.3:
 * different bytes, different tag), derived from the content so every instance behind a
 * load balancer agrees on it.
 */
export function makeVariants(identity: Uint8Array, precompressed: Precompressed = {}): Variants {
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22)
  const variant = (encoding: Encoding, body: Uint8Array): Variant => ({
    body,
    etag: `"${tag}${SUFFIX[encoding]}"`,
  })
  const br = precompressed.br
  const gz = precompressed.gzip
  return {
    identity: variant('identity', identity),
    br: variant('br', decodes(br, brotliDecompressSync, identity) ? br : brotli(identity)),
    gzip: variant('gzip', decodes(gz, gunzipSync, identity) ? gz : gzip(identity)),
  }
}
