import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BOUNDED_TEST_TIMEOUT_MS, runBounded } from '../../../support/bounded-run'
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

/**
 * Times the inbound route in a child process (a runaway is killed there, not here)
 * on e-mails made by `make` at 10× and 100× a base size: the ratio of the times,
 * never a duration, says whether the cost grows in proportion to the input.
 */
async function costRatio(make: string, base: number): Promise<number> {
  const run = await runBounded(`
    import { createInboundTestApp } from './tests/server/support/inbound-app.ts'
    import { longCcMail, spacesMail } from './tests/server/support/hostile-mails.ts'
    import { FIXTURE_ADDRESS } from './tests/server/support/inbound-emails.ts'
    const NOBODY = ${JSON.stringify(NOBODY)}
    const t = await createInboundTestApp()
    async function time(size) {
      let best = Infinity
      for (let i = 0; i < 3; i++) {
        const raw = ${make}
        const start = performance.now()
        await (await t.postMail(raw)).text()
        best = Math.min(best, performance.now() - start)
      }
      return best
    }
    await time(${base})
    const small = await time(${base * 10})
    const large = await time(${base * 100})
    console.log(JSON.stringify({ small, large }))
    await t.cleanup()
  `)
  expect(run.finished).toBe(true)
  const { small, large } = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}')
  // A floor of 1 ms keeps a clock's granularity from making a ratio out of nothing.
  return large / Math.max(small, 1)
}

describe('the cost of an e-mail grows in proportion to its size', () => {
  it.each([
    ['spaces, to nobody of ours', 'spacesMail(NOBODY, size)', 2_000],
    ['spaces, to a valid reply address', 'spacesMail(FIXTURE_ADDRESS, size)', 2_000],
    ['a long Cc, to nobody of ours', 'longCcMail(NOBODY, size)', 1_000],
    ['a long Cc, to a valid reply address', 'longCcMail(FIXTURE_ADDRESS, size)', 1_000],
  ])(
    '%s: 100× the size costs less than 30× the time of 10×',
    async (_name, make, base) => {
      expect(await costRatio(make, base)).toBeLessThan(30)
    },
    BOUNDED_TEST_TIMEOUT_MS,
  )
})
