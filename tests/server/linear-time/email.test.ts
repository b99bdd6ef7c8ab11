import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlText } from '../../../server/email/inbound/html-text'
import { addressesIn } from '../../../server/email/inbound/mail-loop'
import { readHeaders } from '../../../server/email/inbound/raw-headers'
import { extractReply } from '../../../server/email/inbound/reply-text'
import { createInboundTestApp, type InboundTestApp, plainMail } from '../support/inbound-app'
import { FIXTURE_ADDRESS, FIXTURE_DOMAIN } from '../support/inbound-emails'
import { expectLinearTime, LINEAR_TEST_TIMEOUT_MS, repeated } from '../support/linear-time'

// The inbound e-mail path runs before the reply address is verified: anyone can post
// to it through the mail service. A usual reply or header is about a hundred characters.

/** `unit` repeated to `scale` times a usual 100 characters. */
const sized = (unit: string) => repeated(unit, 100)

/** Lines of `length` characters: spaces, then one letter (what made `/\s+$/` backtrack). */
const spacesThenLetter = (scale: number) => `${' '.repeat(100 * scale)}x\nThanks`

const timeout = LINEAR_TEST_TIMEOUT_MS

describe('extractReply (the reply without quote and signature)', () => {
  it.each([
    ['a run of spaces before a letter', spacesThenLetter],
    ['a run of spaces at the end', sized(' ')],
    ['a run of tabs and spaces', sized('\t ')],
    ['many short lines', sized('ok\n')],
    ['many quoted lines', sized('> quoted\n')],
    ['many attribution-like lines', sized('On Wed, Anna wrote:\n')],
    ['many header-like lines', sized('From: a\nSent: b\n')],
    ['one long line', sized('word ')],
    [
      'a long "Am … schrieb" line without its colon',
      (scale: number) => `Am 1 ${sized(' schrieb ')(scale)}x`,
    ],
    ['a long Gmail-in-Russian line', (scale: number) => `1 ${sized('2026 г. в 21:12 ')(scale)}`],
    ['many attributions, each with a quote', sized('On 1 Jan 2026 Anna wrote:\n> q\n')],
  ])('on %s', { timeout }, (_shape, make) =>
    expectLinearTime({ make, run: (text) => extractReply(text) }),
  )
})

describe('addressesIn and readHeaders (the checks before the body)', () => {
  it.each([
    ['a long Cc: of addresses', sized('a@b.example, ')],
    ['a long run of name characters', sized('a')],
    ['a long run of at signs', sized('@')],
    ['a long run of at-separated names', sized('a@')],
    ['a long run of spaces', sized(' ')],
  ])('addressesIn on %s', { timeout }, (_shape, make) =>
    expectLinearTime({ make, run: (value) => addressesIn(value) }),
  )

  // A usual reply has about ten Received: lines.
  it('readHeaders on many Received: lines', { timeout }, () =>
    expectLinearTime({
      make: (scale) =>
        Buffer.from(
          `${`Received: from a.example\r\n\tby b.example${' '.repeat(40)}\r\n`.repeat(10 * scale)}\r\nHi`,
          'latin1',
        ),
      run: (raw) => readHeaders(raw, Number.POSITIVE_INFINITY),
    }),
  )
})

describe('htmlText (an HTML-only reply)', () => {
  it.each([
    ['many paragraphs', sized('<p>Yes, thanks</p>')],
    ['deep nesting', (scale: number) => `${'<div>'.repeat(scale)}x${'</div>'.repeat(scale)}`],
    ['nested quotes', (scale: number) => `${'<blockquote>'.repeat(scale)}x`],
    ['a run of spaces', (scale: number) => `<p>${' '.repeat(100 * scale)}x</p>`],
    ['unclosed tags', sized('<b')],
    ['many elements', sized('<div>x</div>')],
    ['a long style attribute', (scale: number) => `<p style="${sized('a:b;')(scale)}">x</p>`],
    [
      'a long run of zeros in a style',
      (scale: number) => `<p style="width:${sized('0')(scale)}x">x</p>`,
    ],
  ])('on %s', { timeout }, (_shape, make) =>
    expectLinearTime({ make, run: (html) => htmlText(html) }),
  )
})

describe('POST /hooks/email/:secret end to end (an unverified reply address)', () => {
  let t: InboundTestApp
  beforeAll(async () => {
    t = await createInboundTestApp()
  })
  afterAll(() => t.cleanup())
  const forged = `reply+anything@${FIXTURE_DOMAIN}`

  it.each([
    ['a body of space runs', (scale: number) => plainMail(forged, spacesThenLetter(scale))],
    ['a long body', (scale: number) => plainMail(forged, sized('word ')(scale))],
    [
      'a long Cc: header',
      (scale: number) => plainMail(forged, 'Hi', { Cc: sized('a@b.example, ')(scale) }),
    ],
    [
      'a long Cc: of one word',
      (scale: number) => plainMail(forged, 'Hi', { Cc: sized('a')(scale) }),
    ],
    [
      'a long base64 body of spaces',
      (scale: number) =>
        plainMail(forged, Buffer.from(spacesThenLetter(scale)).toString('base64'), {
          'Content-Transfer-Encoding': 'base64',
        }),
    ],
  ])('on %s', { timeout }, (_shape, make) =>
    expectLinearTime({ make, run: async (raw) => (await t.postMail(raw)).arrayBuffer() }),
  )
})

describe('POST /hooks/email/:secret end to end (a valid reply address)', () => {
  let t: InboundTestApp
  beforeAll(async () => {
    // Hundreds of timed replies from one visitor: none may be refused by the rate limit.
    t = await createInboundTestApp({ env: { RATE_LIMIT_MESSAGES_PER_MINUTE: '100000' } })
  })
  afterAll(() => t.cleanup())
  let sent = 0
  // Each post is a new e-mail (its own Message-ID), so each one is parsed and delivered,
  // never answered from the duplicate check.
  const post = async (raw: string) =>
    (
      await t.postMail(
        raw.replace(/^Message-ID: <[^>]*>/m, `Message-ID: <${++sent}@lopez.example>`),
      )
    ).arrayBuffer()

  it.each([
    [
      'a body of space runs',
      (scale: number) => plainMail(FIXTURE_ADDRESS, spacesThenLetter(scale)),
    ],
    [
      'a long Cc: of one word',
      (scale: number) => plainMail(FIXTURE_ADDRESS, 'Hi', { Cc: sized('a')(scale) }),
    ],
  ])('on %s', { timeout }, (_shape, make) => expectLinearTime({ make, run: post }))

  it('delivered every one of them', () => {
    expect(sent).toBeGreaterThan(0)
    expect(t.service.messages().length).toBe(sent)
  })
})
