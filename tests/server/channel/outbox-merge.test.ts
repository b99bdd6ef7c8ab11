import { describe, expect, it, vi } from 'vitest'
import { carryUnsent, openingDeliveries } from '../../../server/channel/unsent-deliveries'
import { silentLogger } from '../../../server/logging/logger'
import { mergeConversation } from '../../../server/session/merge-conversation'
import { userVisitorId } from '../../../server/session/visitor-id'
import { outboxOpenKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { VisitorEvent } from '../../../server/store/types'
import { REAL_WORK } from '../../support/timeouts'
import { createVisitorId } from '../support/conformance'
import { createOutboxInstance, DELAYED_OUTBOX, HOUR } from '../support/customer-messages'
import { createFakeService } from '../support/fake-service'

// A guest's message that waits (a service outage) while the guest is identified and
// merged into a user: its entry was stored before the first attempt, so the merge
// carries it into the user's log; a user's stream opened while it waits is told it
// waits (carryUnsent, run by identify), and once it is sent the user's streams hear it,
// live or opened later.

describe('a message waiting while its guest is identified', () => {
  it('is in the user’s log once; the user’s streams hear it waiting, then sent, live or opened later', async () => {
    const store = createMemoryStore()
    const service = createFakeService({ message: 'connection-error' })
    const { outbox } = createOutboxInstance(store, service.fetch, DELAYED_OUTBOX)
    try {
      const guest = createVisitorId()
      const user = userVisitorId(`anna-${guest}`)
      const m = { visitorId: guest, clientId: 'm-merge-001', sender: { id: guest }, texts: ['hi'] }
      expect((await outbox.submit(m)).state).toBe('delayed')

      await mergeConversation(store, { fromId: guest, intoId: user, keepMs: 24 * HOUR })
      await carryUnsent(store, { fromId: guest, intoId: user, keepMs: 24 * HOUR })
      // A device of the user opening its stream now is told the message is waiting.
      const waiting = await openingDeliveries(store, user, silentLogger)
      expect(waiting).toHaveLength(1)
      expect(waiting[0]).toMatchObject({ clientId: m.clientId, state: 'delayed' })
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
      expect(await openingDeliveries(store, user, silentLogger)).toEqual([
        { clientId: m.clientId, state: 'sent' },
      ])
      // Read once sent, the guest's item leaves the user's index of unsent items.
      await vi.waitFor(
        async () => expect(await store.indexMembers(outboxOpenKey(user))).toEqual([]),
        REAL_WORK,
      )
    } finally {
      await outbox.stop()
    }
  })
})
