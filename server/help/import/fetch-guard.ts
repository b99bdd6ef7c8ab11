import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

// Where the pages import may not go unless ALLOWED_FETCH_HOSTS names the host: the
// machine itself, private networks, link-local (cloud metadata), and the other special
// ranges. Checked on the address the connection uses (a DNS name that resolves to
// 127.0.0.1 is refused like 127.0.0.1), after every redirect.
const blocked = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, bits, 'ipv6')

/** Whether `address` (an IP) is private, loopback, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return blocked.check(mapped, 'ipv4')
  const family = isIP(address)
  if (family === 4) return blocked.check(address, 'ipv4')
  if (family === 6) return blocked.check(address, 'ipv6')
  return true
}

export class FetchRefusedError extends Error {
  override name = 'FetchRefusedError' as const
}

/** The host of a URL without IPv6 brackets, lower case. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase()

/** Refuses an IP-literal host that is private (a name is checked by guardedLookup). */
export function checkHost(url: URL, allowedHosts: readonly string[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusedError(`only http(s) pages are fetched, not ${url.protocol}`)
  const host = hostOf(url)
  if (allowedHosts.includes(host)) return
  if (isIP(host) && isPrivateAddress(host))
    throw new FetchRefusedError(
      `${host} is a private address (add it to ALLOWED_FETCH_HOSTS to allow it)`,
    )
}

/** A DNS lookup for http(s).request that refuses private addresses unless the host is allowed. */
export function guardedLookup(allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4)
      const allowed = allowedHosts.includes(hostname.toLowerCase())
      const bad = allowed ? undefined : addresses.find((a) => isPrivateAddress(a.address))
      if (bad)
        return callback(
          new FetchRefusedError(
            `${hostname} resolves to the private address ${bad.address} (add ${hostname} to ALLOWED_FETCH_HOSTS to allow it)`,
          ),
          '',
          4,
        )
      const first = addresses[0]
      if (!first) return callback(new FetchRefusedError(`${hostname} has no address`), '', 4)
      if (options.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, first.address, first.family)
    })
  }
}
