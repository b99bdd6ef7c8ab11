import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMailFlush } from '../../../server/email/mail-flush'
import type { MailItem } from '../../../server/email/mail-item'
import type { MailOutbox } from '../../../server/email/mail-outbox'
import { silentLogger } from '../../../server/logging/logger'
import { createMailItem } from '../support/mail-items'

const item = (state: MailItem['state'], attempts = 2): MailItem =>
  createMailItem({ state, attempts, nextAttemptAt: 600_000 })

/** An outbox whose deliveries finish when the test says, counting how many run at once. */
function fakeOutbox(keys: string[], answer: (key: string) => MailItem | undefined) {
  const calls: { key: string; early: boolean }[] = []
  let open = 0
  let most = 0
  const outbox: Pick<MailOutbox, 'waiting' | 'deliver'> = {
    waiting: async () => keys,
    async deliver(key, early = false) {
      calls.push({ key, early })
      open += 1
      most = Math.max(most, open)
      await new Promise((resolve) => setImmediate(resolve))
      open -= 1
      return answer(key)
    },
  }
  return { outbox, calls, most: () => most }
}

/** The flush over `outbox`: held e-mails looked at every 4 s for 20 s, through `later`. */
const flushOver = (
  outbox: Pick<MailOutbox, 'waiting' | 'deliver'>,
  later: (ms: number, fn: () => Promise<unknown>) => unknown = () => undefined,
) =>
  createMailFlush({
    outbox,
    logger: silentLogger,
    heldRetry: { everyMs: 4000, forMs: 20_000 },
    later: (ms, fn) => void later(ms, fn),
  })

afterEach(() => {
  vi.useRealTimers()
})

describe('the e-mail flush after an SMTP outage (issue 39, item 15)', () => {
  it('starts when an e-mail that had waited is taken, and sends every waiting one early, four at a time', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `email-out:v${i}:1`)
    const fake = fakeOutbox(keys, () => item('sent'))
    const flush = flushOver(fake.outbox)
    flush.noteAttempt(item('sent', 1)) // taken at the first try: nothing waited, no flush
    flush.noteAttempt(item('pending', 3)) // refused again: no flush
    expect(fake.calls).toEqual([])
    flush.noteAttempt(item('sent', 3))
    expect(await flush.flush()).toBe(40)
    expect(fake.calls.map((call) => call.key)).toEqual(keys)
    expect(fake.calls.every((call) => call.early)).toBe(true)
    expect(fake.most()).toBe(4)
  })

  it('stops at a refusal: the server is not back after all', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`)
    const fake = fakeOutbox(keys, () => item('pending', 3))
    const flush = flushOver(fake.outbox)
    expect(await flush.flush()).toBe(0)
    expect(fake.calls.length).toBeLessThanOrEqual(4)
  })

  it('looks again every few seconds, until a claim would have lapsed, at the e-mails another holder had', async () => {
    const held = new Set(['k1', 'k3'])
    const fake = fakeOutbox(['k0', 'k1', 'k2', 'k3'], (key) =>
      held.has(key) ? undefined : item('sent'),
    )
    const scheduled: { ms: number; fn: () => Promise<unknown> }[] = []
    const flush = flushOver(fake.outbox, (ms, fn) => scheduled.push({ ms, fn }))
    expect(await flush.flush()).toBe(2)
    expect(scheduled.map((s) => s.ms)).toEqual([4000])
    // Still held four rounds later (16 s), then given up: the timers and the sweep have them.
    for (let round = 1; round <= 4; round++) {
      fake.calls.length = 0
      await scheduled[round - 1]?.fn()
      expect(fake.calls.map((call) => call.key)).toEqual(['k1', 'k3'])
    }
    expect(scheduled).toHaveLength(5)
    await scheduled[4]?.fn()
    expect(scheduled).toHaveLength(5)
    // Free at the first look after the crashed holder's claims lapsed: sent, no further look.
    held.clear()
    const again = scheduled.length
    await flush.flush(['k1', 'k3'], 1)
    expect(scheduled).toHaveLength(again)
  })

  it('starts no flush after stop, and stop waits for the one under way', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`)
    const fake = fakeOutbox(keys, () => item('sent'))
    const flush = flushOver(fake.outbox)
    const under = flush.flush()
    await flush.stop()
    expect(await under).toBeLessThan(12)
    const before = fake.calls.length
    flush.noteAttempt(item('sent', 3))
    expect(await flush.flush()).toBe(0)
    expect(fake.calls.length).toBe(before)
  })
})
