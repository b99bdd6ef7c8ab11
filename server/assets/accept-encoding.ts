/** The content codings Porthole serves, best first (smallest on the wire). */
export const ENCODINGS = ['br', 'gzip', 'identity'] as const
export type Encoding = (typeof ENCODINGS)[number]

/** The q-value of each coding named in an Accept-Encoding header ("*" included). */
function weights(header: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!name) continue
    let q = 1
    for (const param of params) {
      const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/.exec(param)
      if (match) q = Number(match[1])
    }
    // A coding listed twice keeps its best weight.
    found.set(name, Math.max(q, found.get(name) ?? 0))
  }
  return found
}

/**
 * The coding to answer with (RFC 9110 §12.5.3): the highest q-value the client gives a
 * coding we have, ties going to the smaller coding (br, then gzip). A missing header
 * means identity. An unnamed `identity` is acceptable unless `*;q=0` refuses it, ranked
 * like the least wanted coding listed (as the `negotiator` package does); when the client refuses everything we have, identity is sent
 * anyway (a body it may not want beats a 406 for a script tag).
 *
 * @example chooseEncoding('gzip, br;q=0.9') // 'gzip'
 */
export function chooseEncoding(header: string | undefined): Encoding {
  if (header === undefined || !header.trim()) return 'identity'
  const q = weights(header)
  const any = q.get('*')
  // An unnamed identity is acceptable, ranked with the least wanted coding listed.
  const implicitIdentity = any ?? Math.min(1, ...q.values())
  let best: Encoding = 'identity'
  let bestQ = 0
  for (const encoding of ENCODINGS) {
    const named = q.get(encoding) ?? (encoding === 'gzip' ? q.get('x-gzip') : undefined)
    const weight = named ?? (encoding === 'identity' ? implicitIdentity : (any ?? 0))
    if (weight > bestQ) {
      best = encoding
      bestQ = weight
    }
  }
  return best
}
