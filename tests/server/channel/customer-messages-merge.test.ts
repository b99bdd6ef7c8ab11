import { describe, expect, it } from 'vitest'
import { settledDeliveries } from '../../../server/channel/settled-deliveries'
import { mergeConversation } from '../../../server/session/merge-conversation'
import { userVisitorId } from '../../../server/session/visitor-id'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { VisitorEvent } from '../../../server/store/types'
import { createOutboxInstance, DELAYED_OUTBOX, HOUR } from '../../helpers/customer-messages'
import { createFakeService } from '../helpers/fake-service'
import { createVisitorId } from '../store/conformance'

// A guest's message that waits (a service outage) while the guest is identified and
// merged into a user: its entry was stored before the first attempt, so the merge
// carries it into the user's log; once sent, the user's streams hear it, and a user's
// stream opened later is told so too.

describe('a message waiting while its guest is identified', () => {
  it('is in the user’s log once, and the user’s streams, live or opened later, hear "sent"', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: 'connection-error' })
    const { outbox } = createOutboxInstance(store, service.fetch, DELAYED_OUTBOX)
    try {
      const guest = createVisitorId()
      const user = userVisitorId(`anna-${guest}`)
      const m = { visitorId: guest, clientId: 'm-merge-001', sender: { id: guest }, texts: ['hi'] }
      expect((await outbox.submit(m)).state).toBe('delayed')

      await mergeConversation(store, { fromId: guest, intoId: user, keepMs: 24 * HOUR })
      const heard: VisitorEvent[] = []
      const stop = store.subscribe(user, (event) => heard.push(event))
      service.setMessageDefault({ status: 200 })
      expect((await outbox.submit(m)).state).toBe('sent')
      stop()

      const userLog = await store.readAfter(user, undefined, 100)
      expect(userLog.map((entry) => entry.clientId)).toEqual([m.clientId])
      expect(heard.map((event) => event.event)).toEqual(['delivery'])
      expect(heard.find((event) => event.event === 'delivery')?.data).toMatchObject({
        clientId: m.clientId,
        state: 'sent',
      })
      expect(await settledDeliveries(store, user, Date.now())).toEqual([
        { clientId: m.clientId, state: 'sent' },
      ])
    } finally {
      await outbox.stop()
    }
  })
})
