import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config/load-config'
import { addressGroup } from '../../../server/http/address-group'
import { createTestEnv } from '../../support/test-config'
import { useSessionBurst } from '../support/session-burst'

describe('addressGroup', () => {
  it('groups IPv6 addresses by their /64 network', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1', 64)).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:db8:1:2:ffff:ffff:ffff:ffff', 64)).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:DB8:1:2::9', 64)).toBe('2001:db8:1:2::/64')
    expect(addressGroup('2001:db8:1:3::1', 64)).not.toBe(addressGroup('2001:db8:1:2::1', 64))
  })

  it('masks prefixes that do not end on a group boundary, and keeps each address at 128', () => {
    expect(addressGroup('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200::/56')
    expect(addressGroup('2001:db8:abcd::1', 48)).toBe('2001:db8:abcd::/48')
    expect(addressGroup('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1')
    expect(addressGroup('2001:db8::2', 128)).not.toBe(addressGroup('2001:db8::1', 128))
    expect(addressGroup('::1', 64)).toBe('0:0:0:0::/64')
  })

  it('counts IPv4 addresses one by one, also when a dual-stack socket maps them', () => {
    expect(addressGroup('203.0.113.9', 64)).toBe('203.0.113.9')
    expect(addressGroup('::ffff:203.0.113.9', 64)).toBe('203.0.113.9')
    expect(addressGroup('::ffff:cb00:7109', 64)).toBe('203.0.113.9')
    expect(addressGroup('203.0.113.10', 64)).not.toBe(addressGroup('203.0.113.9', 64))
  })

  it('ignores a zone and leaves anything that is not an address alone', () => {
    expect(addressGroup('fe80::1%eth0', 64)).toBe('fe80:0:0:0::/64')
    expect(addressGroup('local', 64)).toBe('local')
    expect(addressGroup('unknown', 64)).toBe('unknown')
  })
})

describe('IPV6_PREFIX_BITS', () => {
  const bits = (value: string | undefined) =>
    loadConfig(createTestEnv({ IPV6_PREFIX_BITS: value }), { cwd: '/nonexistent-porthole-test' })
      .ipv6PrefixBits
  it('defaults to 64 and takes 16 to 128', () => {
    expect(bits(undefined)).toBe(64)
    expect(bits('48')).toBe(48)
    expect(bits('128')).toBe(128)
  })
  it.each(['8', '129', 'x', '64.5'])('refuses %s', (value) => {
    expect(() => bits(value)).toThrow(/IPV6_PREFIX_BITS/)
  })
})

describe('per-address limits group IPv6 by network', () => {
  const burst = useSessionBurst()

  it('40 sessions from 40 addresses of one /64 meet the limit of 30', async () => {
    const statuses = await burst(
      { trustProxy: 1, ipv6PrefixBits: 64 },
      (i) => `2001:db8:1:2:${i.toString(16)}::${i + 1}`,
    )
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
  })

  it('different /64 networks are counted apart', async () => {
    const statuses = await burst(
      { trustProxy: 1, ipv6PrefixBits: 64 },
      (i) => `2001:db8:1:${i.toString(16)}::1`,
    )
    expect(statuses.every((s) => s === 200)).toBe(true)
  })
})
