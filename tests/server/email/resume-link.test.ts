import { describe, expect, it } from 'vitest'
import { createResumeLinks, DEFAULT_LINK_DAYS } from '../../../server/email/resume-link'
import { writeAlias } from '../../../server/session/alias'
import { revokeGeneration } from '../../../server/session/generation'
import { updateProfile } from '../../../server/session/profile'
import { createMemoryStore } from '../../../server/store/memory-store'

const DAY = 86_400_000
const TTL = 30 * DAY
const GUEST = 'V1StGXR8_Z5jdHi6B-myT'
const SITE = 'https://shop.example'

/** Resume links on a clock the test moves. */
function setUp(options: { linkDays?: number; continueUrl?: string } = {}) {
  const clock = { now: Date.UTC(2026, 10, 25, 12) }
  const now = () => clock.now
  const store = createMemoryStore({ now })
  const links = createResumeLinks({
    secret: 'a-session-secret-of-at-least-32-characters',
    publicUrl: 'https://chat.example/',
    store,
    now,
    sessionTtlMs: TTL,
    allowedOrigins: [SITE],
    linkDays: () => options.linkDays,
    continueUrl: () => options.continueUrl,
  })
  return { clock, store, links }
}

/** The token of a link made by createResumeUrl. */
async function tokenOf(links: ReturnType<typeof setUp>['links'], visitorId = GUEST) {
  const url = await links.createResumeUrl({ visitorId })
  expect(url).toMatch(/^https:\/\/chat\.example\/r\/r1\.[A-Za-z0-9_.-]+$/)
  return url.slice('https://chat.example/r/'.length)
}

describe('resume links', () => {
  it('open the guest they were made for; checking spends nothing (the exchange does)', async () => {
    const { links } = setUp()
    const token = await tokenOf(links)
    const ok = { kind: 'ok', visitor: { visitorId: GUEST, kind: 'guest' } }
    expect(await links.check(token)).toMatchObject(ok)
    expect(await links.check(token)).toMatchObject(ok)
  })

  it(`expire after email.linkDays (default ${DEFAULT_LINK_DAYS}), read when the link is made`, async () => {
    const { clock, links } = setUp()
    const token = await tokenOf(links)
    clock.now += DEFAULT_LINK_DAYS * DAY - 1
    expect((await links.check(token)).kind).toBe('ok')
    clock.now += 1
    expect(await links.check(token)).toEqual({ kind: 'expired' })

    const short = setUp({ linkDays: 1 })
    const day = await tokenOf(short.links)
    short.clock.now += DAY
    expect(await short.links.check(day)).toEqual({ kind: 'expired' })
  })

  it('never outlive a visitor credential (SESSION_TTL_DAYS), whatever linkDays says', async () => {
    const { clock, links } = setUp({ linkDays: 365 })
    const token = await tokenOf(links)
    clock.now += TTL - 1
    expect((await links.check(token)).kind).toBe('ok')
    clock.now += 1
    expect((await links.check(token)).kind).toBe('expired')
  })

  it('stop working when the visitor signs out (DELETE /api/session), on any instance', async () => {
    const { clock, store, links } = setUp()
    const token = await tokenOf(links)
    clock.now += 1000
    await revokeGeneration(store, GUEST, clock.now, TTL)
    expect(await links.check(token)).toMatchObject({ kind: 'revoked' })
    // A link made after the sign-out works.
    clock.now += 1000
    expect((await links.check(await tokenOf(links))).kind).toBe('ok')
  })

  it('refuse a tampered token and one signed with another secret', async () => {
    const { links } = setUp()
    const token = await tokenOf(links)
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(await links.check(tampered)).toEqual({ kind: 'invalid' })
    const other = createResumeLinks({
      secret: 'another-secret-of-at-least-32-characters',
      publicUrl: 'https://chat.example',
      store: createMemoryStore(),
      now: Date.now,
      sessionTtlMs: TTL,
      allowedOrigins: [SITE],
    })
    expect(await links.check(await tokenOf(other))).toEqual({ kind: 'invalid' })
  })

  it("open a verified user's conversation (or a guest's merged into one) only where the site identifies them", async () => {
    const { clock, store, links } = setUp()
    expect(await links.check(await tokenOf(links, 'user:42'))).toEqual({ kind: 'identify' })
    const token = await tokenOf(links)
    await writeAlias(store, GUEST, { visitorId: 'user:42' }, TTL)
    clock.now += 1
    expect(await links.check(token)).toEqual({ kind: 'identify' })
  })

  it('redirect to the last page the visitor wrote from, else the first allowed origin', async () => {
    const { store, links } = setUp()
    const token = await tokenOf(links)
    expect(await links.target(token)).toBe(`${SITE}/#porthole-resume=${token}`)
    await updateProfile(store, GUEST, { page: `${SITE}/shoes?size=9#top` }, TTL)
    expect(await links.target(token)).toBe(`${SITE}/shoes?size=9#porthole-resume=${token}`)
    // Another origin the visitor's browser reported is not followed.
    await updateProfile(store, GUEST, { page: 'https://evil.example/' }, TTL)
    expect(await links.target(token)).toBe(`${SITE}/#porthole-resume=${token}`)
  })

  it('redirect to email.continueUrl when the site owner set one, and carry only URL-safe tokens', async () => {
    const { store, links } = setUp({ continueUrl: `${SITE}/support` })
    const token = await tokenOf(links)
    await updateProfile(store, GUEST, { page: `${SITE}/shoes` }, TTL)
    expect(await links.target(token)).toBe(`${SITE}/support#porthole-resume=${token}`)
    expect(await links.target('x\r\nSet-Cookie: a=b')).toBe(
      `${SITE}/support#porthole-resume=invalid`,
    )
  })

  it('are made only for visitor ids, with a secret and an http(s) PUBLIC_URL', async () => {
    const { links } = setUp()
    await expect(links.createResumeUrl({ visitorId: 'not an id' })).rejects.toThrow(
      /not a visitor id/,
    )
    const options = {
      secret: 's'.repeat(32),
      publicUrl: 'https://chat.example',
      store: createMemoryStore(),
      now: Date.now,
      sessionTtlMs: TTL,
      allowedOrigins: [],
    }
    expect(() => createResumeLinks({ ...options, secret: '' })).toThrow(/SESSION_SECRET/)
    expect(() => createResumeLinks({ ...options, publicUrl: 'chat.example' })).toThrow(/PUBLIC_URL/)
  })
})
