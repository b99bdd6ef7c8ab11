import type { Logger } from '../logging/logger'
import type { SendOutcome } from './channel-client'
import { deadlineOf } from './outbox-decision'
import type { OutboxItem } from './outbox-item'

/**
 * Logs one attempt's outcome: a refusal and the switch to `delayed` at warn, giving
 * up at error, the fast retries at warn, the later backoff retries at debug.
 */
export function logOutcome(
  logger: Logger,
  before: OutboxItem,
  after: OutboxItem,
  outcome: SendOutcome,
  giveUpMs: number,
): void {
  const fields = {
    visitorId: after.visitorId,
    clientId: after.clientId,
    attempts: after.attempts,
  }
  if (outcome.kind === 'rejected') {
    logger.warn('the service rejected a customer message', {
      ...fields,
      status: outcome.status,
      reason: outcome.message,
    })
  } else if (outcome.kind === 'failed') {
    const details = { ...fields, reason: outcome.reason, next: after.nextAttemptAt }
    if (after.state === 'failed')
      logger.error('customer message not delivered: gave up retrying', {
        ...details,
        error: after.error,
      })
    else if (after.state === 'pending')
      logger.warn('customer message not accepted by the service; retrying', details)
    else if (before.state !== 'delayed')
      logger.warn('customer message delayed: the service keeps failing; retrying with backoff', {
        ...details,
        until: new Date(deadlineOf(after, giveUpMs)).toISOString(),
      })
    else logger.debug('customer message still delayed', details)
  } else if (after.state === 'sent' && before.state === 'delayed') {
    logger.info('delayed customer message delivered', fields)
  }
}
