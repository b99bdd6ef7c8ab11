import { isIP } from 'node:net'

/**
 * The key per-address limits count under: an IPv4 address as it is, an IPv6 address as
 * its network of `ipv6PrefixBits` bits (IPV6_PREFIX_BITS, default 64). One subscriber or
 * host usually holds a whole /64 and can pick a fresh address in it for every request,
 * so counting IPv6 addresses one by one would let one client through every cap. An
 * IPv4-mapped IPv6 address (`::ffff:203.0.113.9`, what a dual-stack socket reports)
 * counts as its IPv4 address. Anything else (`local` in tests) is its own key.
 *
 * @example addressGroup('2001:db8:1:2:aaaa::1', 64) // '2001:db8:1:2::/64'
 */
export function addressGroup(address: string, ipv6PrefixBits: number): string {
  const bare = address.replace(/%.*$/, '')
  if (isIP(bare) === 4) return bare
  if (isIP(bare) !== 6) return address
  const groups = ipv6Groups(bare)
  if (!groups) return address
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  const bits = Math.max(0, Math.min(128, ipv6PrefixBits))
  if (bits === 128) return groups.map((g) => g.toString(16)).join(':')
  const kept = Math.ceil(bits / 16)
  const masked = groups.slice(0, kept).map((group, i) => {
    const left = bits - i * 16
    return left >= 16 ? group : group & (0xffff << (16 - left)) & 0xffff
  })
  return `${masked.map((g) => g.toString(16)).join(':')}::/${bits}`
}

/** The eight 16-bit groups of a valid IPv6 address (as isIP checked), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase()
  // A dotted IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)))
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const missing = 8 - left.length - right.length
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right]
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined
}
