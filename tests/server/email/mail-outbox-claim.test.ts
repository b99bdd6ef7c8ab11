import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEmailMetrics } from '../../../server/email/email-metrics'
import type { MailItem, MailOutcome } from '../../../server/email/mail-item'
import { createMailOutbox, MAIL_CLAIM_MS } from '../../../server/email/mail-outbox'
import type { MailTransport } from '../../../server/email/smtp-transport'
import { silentLogger } from '../../../server/logging/logger'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { emailItemKey, emailLockKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'

const DAY = 86_400_000

const mail = (): MailItem => ({
  visitorId: 'v1',
  n: 1,
  messageId: '<claim@x.example>',
  to: 'ann@example.com',
  subject: 's',
  text: 't',
  html: 'h',
  headers: {},
  entryIds: ['1'],
  state: 'pending',
  createdAt: Date.now(),
  attempts: 1,
  nextAttemptAt: Date.now() + 600_000,
  error: '451 later',
})

function outboxOn(store: Store, transport: MailTransport) {
  return createMailOutbox({
    store,
    transport,
    logger: silentLogger,
    now: () => Date.now(),
    metrics: createEmailMetrics(createMetricsRegistry()),
    isUnsubscribed: async () => false,
    keepMs: DAY,
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('an e-mail’s claim: short, renewed while its SMTP attempt lasts (issue 39, item 15)', () => {
  it('an attempt longer than the claim keeps it: no other holder sends the e-mail meanwhile', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    const key = emailItemKey('v1', 1)
    let answer: (outcome: MailOutcome) => void = () => undefined
    const slow: MailTransport = {
      send: () => new Promise((resolve) => (answer = resolve)),
      close: () => undefined,
    }
    const sent: MailItem[] = []
    const other: MailTransport = {
      send: async (item) => {
        sent.push(item)
        return { kind: 'accepted' }
      },
      close: () => undefined,
    }
    const a = outboxOn(store, slow)
    const b = outboxOn(store, other)
    await a.add(key, mail())
    const first = a.deliver(key, true)
    // Three SMTP timeouts' worth: four lifetimes of the claim.
    await vi.advanceTimersByTimeAsync(4 * MAIL_CLAIM_MS)
    expect(await b.deliver(key, true)).toBeUndefined()
    answer({ kind: 'accepted' })
    expect((await first)?.state).toBe('sent')
    expect(sent).toEqual([])
  })

  it('a crashed sender’s claim lapses within MAIL_CLAIM_MS, and the e-mail is taken over', async () => {
    vi.useFakeTimers()
    const store = createMemoryStore()
    const key = emailItemKey('v1', 1)
    const sent: MailItem[] = []
    const b = outboxOn(store, {
      send: async (item) => {
        sent.push(item)
        return { kind: 'accepted' }
      },
      close: () => undefined,
    })
    await b.add(key, { ...mail(), inFlight: { since: Date.now() } })
    expect(await store.claim(emailLockKey(key), MAIL_CLAIM_MS)).toBe(true) // the dead holder's
    expect(await b.deliver(key, true)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(MAIL_CLAIM_MS + 1)
    expect((await b.deliver(key, true))?.state).toBe('sent')
    expect(sent).toHaveLength(1)
  })
})
