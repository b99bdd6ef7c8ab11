import type { ConversationEntry } from '../../shared/widget-api'
import type { Logger } from '../logging/logger'
import { outboxItemKey } from '../store/keys'
import type { Lease } from '../store/with-claim'
import type { ChannelClient, SendOutcome } from './channel-client'
import type { createElapsedTime } from './elapsed-time'
import { begin, canFallBack, fallBackToText, next, type RetryPolicy } from './outbox-decision'
import { isActive, messageOfPart, type OutboxItem } from './outbox-item'
import { logOutcome } from './outbox-log'
import type { OutboxRecords } from './outbox-records'

export type PartSenderOptions = {
  client: ChannelClient
  logger: Logger
  now: () => number
  /** This process's name in an item's `inFlight` record. */
  owner: string
  policy: RetryPolicy
  elapsed: ReturnType<typeof createElapsedTime>
  upstreamTimeoutMs: number
  records: Pick<OutboxRecords, 'read' | 'save' | 'appendEntries' | 'announce'>
  /** Each answer of the service (the schedule's recovery burst listens). */
  noteService(outcome: SendOutcome['kind']): void
  /** Shutting down: no new parts. */
  stopped(): boolean
}

/**
 * The A2 outbox's attempt of one item under its claim: forwards the remaining parts in
 * order, saving before and after each request, and stops when a part is not accepted,
 * the claim is lost or another holder moved the item on.
 */
export function createPartSender(options: PartSenderOptions) {
  const { client, logger, now, owner, policy, elapsed } = options
  const { read, save, appendEntries, announce } = options.records

  return async function attempt(
    item: OutboxItem,
    wasActive: boolean,
    lease: Lease,
  ): Promise<{ after: OutboxItem; entries?: ConversationEntry[] }> {
    const key = outboxItemKey(item.visitorId, item.clientId)
    let current = item
    let active = wasActive
    let entries: ConversationEntry[] | undefined
    while (isActive(current)) {
      const part = current.parts[current.sent]
      if (!part) {
        // Every part is accepted already (a crash came between the answer and this state).
        current = { ...current, state: 'sent' }
        await save(current, active)
        break
      }
      let begun = begin(current, now(), owner)
      await save(begun, active)
      active = true
      if (!begun.logged) {
        // The visitor's other tabs and devices learn the state before they get the
        // entries: "Sending…" until the service's answer from the first paint, never a
        // "Sent" it has not given (an entry without news shows as sent).
        await announce(begun, undefined)
        entries = await appendEntries(begun)
        begun = { ...begun, logged: true }
      }
      // The claim must outlive the request: renewed for a whole timeout and margin just
      // before it goes, so no other instance or path starts another attempt meanwhile.
      if (!(await lease.renew())) {
        logger.warn('outbox: claim lost before a request; leaving the message to its new holder', {
          clientId: begun.clientId,
        })
        return { after: begun, ...(entries ? { entries } : {}) }
      }
      const outcome = await client.send(
        { sender: begun.sender, message: messageOfPart(part) },
        { timeoutMs: options.upstreamTimeoutMs },
      )
      if (outcome.kind === 'rejected' && canFallBack(begun)) {
        // Spec 2.1: inbound types other than text are "not yet supported". The same
        // attachment goes again at once as a text with its name, size and link.
        current = fallBackToText(begun)
        await save(current, true)
        logger.warn(
          'outbox: the service refused an attachment; sending it as a text with its link',
          {
            visitorId: current.visitorId,
            clientId: current.clientId,
            status: outcome.status,
            reason: outcome.message,
          },
        )
        continue
      }
      current = next(begun, outcome, now(), policy, elapsed.of(key, begun))
      await save(current, true)
      if (isActive(current)) elapsed.watch(key, current)
      else elapsed.forget(key)
      logOutcome(logger, begun, current, outcome, policy.giveUpMs)
      options.noteService(outcome.kind)
      if (outcome.kind !== 'accepted' || !isActive(current) || options.stopped()) break
      // More parts: keep the claim, and make sure nobody took the item over meanwhile.
      if (!(await lease.renew())) {
        logger.warn('outbox: claim lost between parts; leaving the rest to its new holder', {
          clientId: current.clientId,
        })
        break
      }
      const latest = await read(key)
      if (!latest || latest.sent !== current.sent || latest.inFlight || !isActive(latest)) {
        return { after: latest ?? current, ...(entries ? { entries } : {}) }
      }
    }
    return { after: current, ...(entries ? { entries } : {}) }
  }
}
