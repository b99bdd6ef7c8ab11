import { chooseEncoding } from './accept-encoding'
import type { Variants } from './variants'

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const wanted = etag.replace(/^W\//, '')
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === wanted)
}

/**
 * The response for a representation: the encoding the request's Accept-Encoding prefers,
 * with its exact Content-Length, its strong ETag and `Vary: Accept-Encoding`, or a 304
 * without a body when If-None-Match names that ETag.
 */
export function encodedResponse(
  variants: Variants,
  request: { acceptEncoding: string | undefined; ifNoneMatch: string | undefined },
  headers: Record<string, string>,
): Response {
  const encoding = chooseEncoding(request.acceptEncoding)
  const { body, etag } = variants[encoding]
  const common: Record<string, string> = { ...headers, etag, vary: 'Accept-Encoding' }
  if (matchesEtag(request.ifNoneMatch, etag)) {
    const { 'content-type': _type, ...unchanged } = common
    return new Response(null, { status: 304, headers: unchanged })
  }
  if (encoding !== 'identity') common['content-encoding'] = encoding
  common['content-length'] = String(body.length)
  return new Response(new Uint8Array(body), { status: 200, headers: common })
}
