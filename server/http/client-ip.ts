import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { addressGroup } from './address-group'

/** An X-Forwarded-For entry as an address: a bare IP, or one with a port (`1.2.3.4:80`, `[::1]:80`). */
function addressOf(entry: string): string | undefined {
  const value = entry.trim()
  if (isIP(value)) return value
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value)?.[1]
  if (bracketed && isIP(bracketed) === 6) return bracketed
  const v4 = /^([\d.]+):\d{1,5}$/.exec(value)?.[1]
  if (v4 && isIP(v4) === 4) return v4
  return undefined
}

/**
 * The client's address behind `trustedProxies` proxies. Each proxy appends the address
 * it was called from to X-Forwarded-For, so the right-most entries are the trusted
 * ones; everything to their left was written by the client and is ignored. With one
 * proxy the client is the last entry, with two the one before it, and so on. A request
 * that passed fewer proxies than configured gets the left-most entry; an entry that is
 * not an IP address (a misconfigured proxy) falls back to the socket's address.
 *
 * @example clientAddress('6.6.6.6, 203.0.113.9', '10.0.0.2', 1) // '203.0.113.9'
 */
export function clientAddress(
  forwardedFor: string | undefined,
  socketAddress: string,
  trustedProxies: number,
): string {
  if (trustedProxies < 1 || !forwardedFor) return socketAddress
  const entries = forwardedFor.split(',')
  const entry = entries[Math.max(0, entries.length - trustedProxies)]
  return (entry && addressOf(entry)) ?? socketAddress
}

/** The client's address for rate limits; `trustedProxies` is TRUST_PROXY (0: the socket's). */
export function clientIp(c: Context, trustedProxies: number): string {
  let socketAddress: string
  try {
    socketAddress = getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // app.request() in tests has no socket.
    socketAddress = 'local'
  }
  return clientAddress(c.req.header('x-forwarded-for'), socketAddress, trustedProxies)
}

/**
 * What per-address limits count under (rate limits, stream caps): the client's address
 * (TRUST_PROXY), an IPv6 one grouped by its IPV6_PREFIX_BITS network (see addressGroup).
 */
export function clientKey(
  c: Context,
  config: { trustProxy: number; ipv6PrefixBits: number },
): string {
  return addressGroup(clientIp(c, config.trustProxy), config.ipv6PrefixBits)
}
