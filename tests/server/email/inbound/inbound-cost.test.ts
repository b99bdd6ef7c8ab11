import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { longCcMail, spacesMail } from '../../support/hostile-mails'
import { createInboundTestApp, type InboundTestApp, plainMail } from '../../support/inbound-app'
import { FIXTURE_ADDRESS } from '../../support/inbound-emails'

// What an e-mail costs before its reply address is checked must not grow with what
// the sender puts in it (issue 39, items 1 and 3: a line of spaces and a long Cc froze
// the backend for seconds before any address was looked at).

vi.mock('mailparser', async (importOriginal) => {
  const original = await importOriginal<typeof import('mailparser')>()
  return { ...original, simpleParser: vi.fn(original.simpleParser) }
})

const NOBODY = 'support@northwind.example'

let t: InboundTestApp | undefined
beforeEach(() => {
  vi.mocked(simpleParser).mockClear()
})
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

// Sizes here are small: what is checked is that the body is not parsed at all. The
// hostile sizes run in a child process below, where a runaway cannot freeze the runner.
describe('an e-mail is judged by its headers before its body is read', () => {
  it.each([
    ['spaces then "x" (base64)', spacesMail(NOBODY, 5_000), 'no_reply_address'],
    ['a long Cc', longCcMail(NOBODY, 5_000), 'no_reply_address'],
    [
      'an auto-reply to a valid address',
      spacesMail(FIXTURE_ADDRESS, 5_000).replace(
        'MIME-Version',
        'Auto-Submitted: auto-replied\r\nMIME-Version',
      ),
      'auto_submitted',
    ],
    [
      'a forged address',
      spacesMail(FIXTURE_ADDRESS.replace('-tiiw', '-tiix'), 5_000),
      'bad_signature',
    ],
  ])('%s: dropped without parsing the body', async (_name, raw, reason) => {
    t = await createInboundTestApp()
    const res = await t.postMail(raw)
    expect(await res.json()).toEqual({ result: 'dropped', reason })
    expect(simpleParser).not.toHaveBeenCalled()
  })

  it('parses the body of a reply to a valid address once', async () => {
    t = await createInboundTestApp()
    const res = await t.postMail(spacesMail(FIXTURE_ADDRESS, 1000))
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    expect(simpleParser).toHaveBeenCalledTimes(1)
    expect(t.service.messages()).toEqual([
      expect.objectContaining({ message: expect.objectContaining({ text: 'x' }) }),
    ])
  })

  it('refuses a header block over 256 KiB unread', async () => {
    t = await createInboundTestApp()
    const padding = Object.fromEntries(
      Array.from({ length: 6000 }, (_, i) => [`X-Pad-${i}`, 'a'.repeat(40)]),
    )
    const res = await t.postMail(plainMail(FIXTURE_ADDRESS, 'Hi', padding))
    expect(await res.json()).toEqual({ result: 'dropped', reason: 'headers_too_large' })
    expect(simpleParser).not.toHaveBeenCalled()
  })
})
