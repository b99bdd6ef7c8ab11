import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MailItem, MailOutcome } from '../../../server/email/mail-item'
import { MAIL_CLAIM_MS } from '../../../server/email/mail-outbox'
import type { MailTransport } from '../../../server/email/smtp-transport'
import { emailItemKey, emailLockKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createMailItem, createTestOutbox } from '../support/mail-items'

const mail = (): MailItem =>
  createMailItem({
    messageId: '<claim@x.example>',
    createdAt: Date.now(),
    attempts: 1,
    nextAttemptAt: Date.now() + 600_000,
    error: '451 later',
  })

const outboxOn = (store: Store, transport: MailTransport) => createTestOutbox(store, transport)

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
