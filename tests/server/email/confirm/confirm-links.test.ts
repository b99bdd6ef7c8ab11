import { describe, expect, it } from 'vitest'
import { CONFIRM_LINK_MS, createConfirmLinks } from '../../../../server/email/confirm/confirm-links'
import { createRecipientCap } from '../../../../server/email/confirm/recipient-cap'
import { createMemoryStore } from '../../../../server/store/memory-store'

const SECRET = 'session-secret-0123456789abcdef'

describe('confirmation links', () => {
  it('carry no address, work once, on any instance sharing the store', async () => {
    const clock = 1_000_000
    const store = createMemoryStore({ now: () => clock })
    const a = createConfirmLinks({ secret: SECRET, store, now: () => clock })
    const b = createConfirmLinks({ secret: SECRET, store, now: () => clock })
    const token = await a.create('v1', 'ann@example.com')
    expect(token).toMatch(/^[\w-]{22}\.[\w-]{22}$/)
    expect(Buffer.from(token.replace('.', ''), 'base64url').toString('latin1')).not.toContain('ann')
    expect(await b.peek(token)).toMatchObject({ v: 'v1', a: 'ann@example.com' })
    const [first, second] = await Promise.all([a.take(token), b.take(token)])
    expect([first, second].filter(Boolean)).toHaveLength(1)
    expect(await a.take(token)).toBeUndefined()
    expect(await a.peek(token)).toBeUndefined()
  })

  it('expire, and refuse a forged or changed token without reading the store', async () => {
    let clock = 1_000_000
    const store = createMemoryStore({ now: () => clock })
    const links = createConfirmLinks({ secret: SECRET, store, now: () => clock })
    const token = await links.create('v1', 'ann@example.com')
    const other = createConfirmLinks({
      secret: 'another-secret-0123456789',
      store,
      now: () => clock,
    })
    expect(await other.peek(token)).toBeUndefined()
    expect(
      await links.peek(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).toBeUndefined()
    expect(await links.peek('x.y')).toBeUndefined()
    clock += CONFIRM_LINK_MS + 1
    expect(await links.take(token)).toBeUndefined()
  })
})

describe('the per-address cap', () => {
  it('takes perDay e-mails an address a day, case-insensitively, across caps sharing the store, then again a day later', async () => {
    let clock = 1_000_000
    const store = createMemoryStore({ now: () => clock })
    const one = createRecipientCap(store, 'mail', 3)
    const two = createRecipientCap(store, 'mail', 3)
    const results = await Promise.all([
      one.take('Ann@Example.com'),
      two.take('ann@example.com'),
      one.take('ann@example.com '),
      two.take('ANN@example.com'),
      one.take('ann@example.com'),
    ])
    expect(results.filter(Boolean)).toHaveLength(3)
    // Another kind and another address have their own.
    expect(await createRecipientCap(store, 'confirm', 3).take('ann@example.com')).toBe(true)
    expect(await one.take('bo@example.com')).toBe(true)
    clock += 24 * 3_600_000 + 1
    expect(await one.take('ann@example.com')).toBe(true)
  })
})
