import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config/load-config'
import { clientAddress } from '../../../server/http/client-ip'
import { createTestEnv } from '../../support/test-config'
import { useSessionBurst } from '../support/session-burst'

describe('clientAddress', () => {
  it('takes the entry the nearest proxy appended, not the one the client wrote', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9')
    expect(clientAddress('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9')
  })

  it('counts trusted proxies from the right', () => {
    const header = 'spoofed, 203.0.113.9, 198.51.100.7'
    expect(clientAddress(header, '10.0.0.2', 1)).toBe('198.51.100.7')
    expect(clientAddress(header, '10.0.0.2', 2)).toBe('203.0.113.9')
    // Fewer entries than proxies: the left-most one (the request skipped a proxy).
    expect(clientAddress('203.0.113.9', '10.0.0.2', 3)).toBe('203.0.113.9')
  })

  it('uses the socket address without trust or without a header', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.2', 0)).toBe('10.0.0.2')
    expect(clientAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2')
    expect(clientAddress('', '10.0.0.2', 1)).toBe('10.0.0.2')
  })

  it('accepts IPv6 and addresses with ports, and refuses anything else', () => {
    expect(clientAddress('x, 2001:db8::1', 's', 1)).toBe('2001:db8::1')
    expect(clientAddress('x, [2001:db8::1]:4711', 's', 1)).toBe('2001:db8::1')
    expect(clientAddress('x, 203.0.113.9:4711', 's', 1)).toBe('203.0.113.9')
    for (const junk of ['unknown', 'a'.repeat(5000), '1.2.3', '<script>', ' , '])
      expect(clientAddress(`203.0.113.9, ${junk}`, 'socket', 1)).toBe('socket')
  })
})

describe('TRUST_PROXY', () => {
  const hops = (value: string | undefined) =>
    loadConfig(createTestEnv({ TRUST_PROXY: value }), { cwd: '/nonexistent-porthole-test' })
      .trustProxy
  it('reads off, the old on/off flag, and a number of proxies', () => {
    expect(hops(undefined)).toBe(0)
    expect(hops('0')).toBe(0)
    expect(hops('false')).toBe(0)
    expect(hops('')).toBe(0)
    expect(hops('1')).toBe(1)
    expect(hops('true')).toBe(1)
    expect(hops('2')).toBe(2)
    expect(hops(' 3 ')).toBe(3)
  })

  it.each(['yes', '-1', '1.5', '11', 'on'])('refuses %s', (value) => {
    expect(() => hops(value)).toThrow(/TRUST_PROXY/)
  })
})

describe('rate limits behind a proxy', () => {
  const burst = useSessionBurst()

  it('a client that changes the first X-Forwarded-For entry is still limited', async () => {
    // nginx's $proxy_add_x_forwarded_for keeps what the client sent and appends the real address.
    const statuses = await burst({ trustProxy: 1 }, (i) => `10.9.${i}.1, 203.0.113.9`)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true)
  })

  it('two proxies: the entry before the last one is the client', async () => {
    const statuses = await burst(
      { trustProxy: 2 },
      (i) => `10.9.${i}.1, 203.0.113.9, 198.51.100.${i}`,
    )
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
  })
})
