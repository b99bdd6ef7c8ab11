import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { EmailService } from '../../../server/email/email-service'
import { type MailItem, MailItem as MailItemSchema } from '../../../server/email/mail-item'
import { saveContact } from '../../../server/session/profile'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { confirmAddress } from '../support/confirmed-address'
import {
  createTestEmailService,
  PROFILE_KEEP_MS,
  recordingTransport,
} from '../support/test-email-service'

describe('missed replies: grouping and timing (fake time)', () => {
  let store: Store
  let sent: MailItem[]
  let email: EmailService

  beforeEach(async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-02T10:00:00Z') })
    store = createMemoryStore()
    sent = []
    email = createTestEmailService(store, 60, {
      resumeUrl: async (visitorId) => `https://shop.example/?resume=${visitorId}`,
      transport: recordingTransport(sent),
    })
    await saveContact(store, 'v1', { email: 'ann@example.com' }, PROFILE_KEEP_MS)
    await confirmAddress(store, 'v1')
  })

  afterEach(async () => {
    await email.stop()
    vi.useRealTimers()
  })

  async function reply(text: string) {
    const { entry } = await store.append('v1', {
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text },
      at: Date.now(),
    })
    await email.noteAgentReply('v1')
    return entry
  }

  const texts = (item: MailItem | undefined) => item?.text ?? ''
  /** How many e-mails have gone once `ms` more have passed. */
  const sentAfter = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms)
    return sent.length
  }

  it('waits afterSeconds from the first unread reply; replies meanwhile join the same e-mail', async () => {
    await reply('one')
    await vi.advanceTimersByTimeAsync(30_000)
    await reply('two')
    expect(await sentAfter(29_000)).toBe(0)
    expect(await sentAfter(1_000)).toBe(1)
    expect(texts(sent[0])).toContain('one')
    expect(texts(sent[0])).toContain('two')
    // The second reply's own timer comes to nothing: it was e-mailed.
    expect(await sentAfter(60_000)).toBe(1)
  })

  it('makes the next reply wait afterSeconds again after an e-mail', async () => {
    await reply('one')
    expect(await sentAfter(60_000)).toBe(1)
    await reply('three')
    expect(await sentAfter(59_000)).toBe(1)
    expect(await sentAfter(1_000)).toBe(2)
    expect(texts(sent[1])).toContain('three')
    expect(texts(sent[1])).not.toContain('one')
  })

  it('sends nothing once the replies are read', async () => {
    const entry = await reply('one')
    await store.setRecord('read:v1', { upTo: entry.id })
    await vi.advanceTimersByTimeAsync(120_000)
    await email.sweep()
    expect(sent).toHaveLength(0)
  })

  it('e-mails only the replies after the read marker', async () => {
    const first = await reply('seen already')
    await store.setRecord('read:v1', { upTo: first.id })
    await reply('not seen')
    expect(await sentAfter(60_000)).toBe(1)
    expect(texts(sent[0])).toContain('not seen')
    expect(texts(sent[0])).not.toContain('seen already')
  })

  it('carries the Reply-To of replies by e-mail, and says so, when one is given', async () => {
    await email.stop()
    email = createTestEmailService(store, 60, {
      replyTo: (visitorId) => `reply+${visitorId}.sig@reply.northwind.example`,
      transport: recordingTransport(sent),
    })
    await reply('one')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent[0]?.replyTo).toBe('reply+v1.sig@reply.northwind.example')
    expect(sent[0]?.text).toContain('You can also answer by replying to this e-mail.')
  })

  it('puts the unsubscribe headers of RFC 8058 and a stable Message-ID on the e-mail', async () => {
    await reply('one')
    await vi.advanceTimersByTimeAsync(60_000)
    const [item] = sent
    expect(item?.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<https:\/\/chat\.northwind\.example\/email\/unsubscribe\/[\w-]+\.[\w-]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    })
    expect(item?.messageId).toMatch(/^<[0-9a-f-]{36}@northwind\.example>$/)
    expect(item?.replyTo).toBeUndefined()
  })
})

describe('stopping', () => {
  it('waits for an e-mail on its way and saves its answer, so a restart does not send it again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-02T10:00:00Z') })
    const store = createMemoryStore()
    let answer: (value: { kind: 'accepted' }) => void = () => undefined
    const email = createTestEmailService(store, 10, {
      transport: {
        send: () => new Promise((resolve) => (answer = resolve)),
        close() {},
      },
    })
    await saveContact(store, 'v1', { email: 'ann@example.com' }, PROFILE_KEEP_MS)
    await confirmAddress(store, 'v1')
    await store.append('v1', {
      author: 'agent',
      content: { type: 'text', text: 'hi' },
      at: Date.now(),
    })
    await email.noteAgentReply('v1')
    await vi.advanceTimersByTimeAsync(10_000)
    let stopped = false
    const stopping = email.stop().then(() => {
      stopped = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(false)
    answer({ kind: 'accepted' })
    await stopping
    expect((await store.getRecord('email-out:v1:1', MailItemSchema))?.state).toBe('sent')
    vi.useRealTimers()
  })
})

describe('missed replies in a long conversation', () => {
  it('finds the newest unread replies behind thousands of entries, and only those after the last e-mail', async () => {
    const store = createMemoryStore()
    const sent: MailItem[] = []
    let clock = Date.parse('2026-03-02T10:00:00Z')
    const email = createTestEmailService(store, 10, {
      now: () => clock,
      transport: recordingTransport(sent),
    })
    await saveContact(store, 'v1', { email: 'ann@example.com' }, PROFILE_KEEP_MS)
    await confirmAddress(store, 'v1')
    const reply = async (text: string) => {
      await store.append('v1', { author: 'agent', content: { type: 'text', text }, at: clock })
      await email.noteAgentReply('v1')
    }
    await reply('an old reply')
    for (let i = 0; i < 2500; i++)
      await store.append('v1', {
        author: 'visitor',
        content: { type: 'text', text: `m${i}` },
        at: clock,
      })
    await reply('the newest reply')
    clock += 11_000
    await email.sweep()
    expect(sent).toHaveLength(1)
    expect(sent[0]?.text).toContain('the newest reply')
    await reply('one more')
    clock += 11_000
    await email.sweep()
    expect(sent).toHaveLength(2)
    expect(sent[1]?.text).toContain('one more')
    expect(sent[1]?.text).not.toContain('the newest reply')
    await email.stop()
  })
})
