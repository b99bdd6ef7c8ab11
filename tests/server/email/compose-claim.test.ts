import { describe, expect, it } from 'vitest'
import { createRecipientCap } from '../../../server/email/confirm/recipient-cap'
import { createEmailMetrics } from '../../../server/email/email-metrics'
import type { MailItem } from '../../../server/email/mail-item'
import { createMailOutbox } from '../../../server/email/mail-outbox'
import { createMissedReplies } from '../../../server/email/missed-replies'
import { createLogger } from '../../../server/logging/logger'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { saveContact } from '../../../server/session/profile'
import { createMemoryStore } from '../../../server/store/memory-store'
import { confirmAddress } from '../support/confirmed-address'
import { recordingTransport } from '../support/test-email-service'

const DAY = 86_400_000

describe('composing a visitor’s e-mail', () => {
  it('happens once when two instances find it due at the same moment', async () => {
    const store = createMemoryStore()
    const logger = createLogger({ level: 'error', write: () => undefined })
    const sent: MailItem[] = []
    let clock = 1_000_000
    const now = () => clock
    const metrics = createEmailMetrics(createMetricsRegistry({ processMetrics: false }))
    // Both composers are inside the rendering before either stores anything.
    let arrived = 0
    let release: () => void = () => undefined
    const bothIn = new Promise<void>((resolve) => {
      release = resolve
    })
    const instance = () => {
      const outbox = createMailOutbox({
        store,
        logger,
        now,
        metrics,
        isUnsubscribed: async () => false,
        transport: recordingTransport(sent),
      })
      return createMissedReplies({
        store,
        outbox,
        settings: () => ({ missedReplies: true, afterSeconds: 10 }),
        async compose() {
          arrived += 1
          if (arrived === 2) release()
          await Promise.race([bothIn, new Promise((resolve) => setTimeout(resolve, 200))])
          return { subject: 's', text: 't', html: 'h', headers: {} }
        },
        isUnsubscribed: async () => false,
        cap: createRecipientCap(store, 'mail', 20),
        askConfirmation: async () => ({ outcome: 'capped' as const }),
        messageIdDomain: 'example.com',
        logger,
        now,
      })
    }
    const [a, b] = [instance(), instance()]
    await saveContact(store, 'v1', { email: 'ann@example.com' }, DAY)
    await confirmAddress(store, 'v1')
    await store.append('v1', { author: 'agent', content: { type: 'text', text: 'hi' }, at: clock })
    await a.noteAgentReply('v1')
    clock += 10_000
    const outcomes = await Promise.all([a.composeDue('v1'), b.composeDue('v1')])
    expect(outcomes.sort()).toEqual(['held', 'queued'])
    await Promise.all([a.sweep(), b.sweep()])
    expect(sent).toHaveLength(1)
  })
})
