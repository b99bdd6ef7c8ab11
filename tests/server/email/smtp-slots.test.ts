import { describe, expect, it } from 'vitest'
import type { MailItem } from '../../../server/email/mail-item'
import { MAIL_SEND_SLOTS } from '../../../server/email/mail-outbox'
import { createSlots } from '../../../server/email/smtp-slots'
import type { MailTransport } from '../../../server/email/smtp-transport'
import { emailItemKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createMailItem, createTestOutbox } from '../support/mail-items'

const mail = (visitorId: string): MailItem =>
  createMailItem({
    visitorId,
    messageId: `<${visitorId}@x.example>`,
    to: `${visitorId}@example.com`,
  })

/** A transport whose answers the test releases, counting the conversations open at once. */
function heldTransport() {
  const waiting: (() => void)[] = []
  let open = 0
  let most = 0
  const transport: MailTransport = {
    async send() {
      open += 1
      most = Math.max(most, open)
      await new Promise<void>((resolve) => waiting.push(resolve))
      open -= 1
      return { kind: 'accepted' }
    },
    close: () => undefined,
  }
  return { transport, waiting, most: () => most }
}

describe('SMTP slots (issue 39, item 15)', () => {
  it('run at most `size` tasks at once, the rest in order', async () => {
    const slots = createSlots(2)
    const order: number[] = []
    const gates: (() => void)[] = []
    const tasks = [1, 2, 3, 4].map((n) =>
      slots.run(async () => {
        order.push(n)
        await new Promise<void>((resolve) => gates.push(resolve))
      }),
    )
    await new Promise((resolve) => setImmediate(resolve))
    expect(order).toEqual([1, 2])
    expect(slots.load).toEqual({ busy: 2, waiting: 2 })
    gates.shift()?.()
    await new Promise((resolve) => setImmediate(resolve))
    expect(order).toEqual([1, 2, 3])
    for (const gate of gates.splice(0)) gate()
    await new Promise((resolve) => setImmediate(resolve))
    for (const gate of gates.splice(0)) gate()
    await Promise.all(tasks)
    expect(order).toEqual([1, 2, 3, 4])
    expect(slots.load).toEqual({ busy: 0, waiting: 0 })
    expect(() => createSlots(0)).toThrow(RangeError)
  })

  it('bound the outbox: a burst of 30 first attempts holds MAIL_SEND_SLOTS conversations and claims at a time', async () => {
    const store = createMemoryStore()
    const held = heldTransport()
    const outbox = createTestOutbox(store, held.transport)
    const keys = Array.from({ length: 30 }, (_, i) => emailItemKey(`v${i}`, 1))
    for (const [i, key] of keys.entries()) await outbox.add(key, mail(`v${i}`))
    const all = Promise.all(keys.map((key) => outbox.deliver(key)))
    let sent = 0
    while (sent < keys.length) {
      await new Promise((resolve) => setImmediate(resolve))
      for (const answer of held.waiting.splice(0)) {
        answer()
        sent += 1
      }
    }
    const after = await all
    expect(after.every((item) => item?.state === 'sent')).toBe(true)
    expect(held.most()).toBe(MAIL_SEND_SLOTS)
  })
})
