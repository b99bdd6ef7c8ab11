import { createEmailMetrics } from '../../../server/email/email-metrics'
import type { MailItem } from '../../../server/email/mail-item'
import { createMailOutbox, type MailOutboxOptions } from '../../../server/email/mail-outbox'
import type { MailTransport } from '../../../server/email/smtp-transport'
import { silentLogger } from '../../../server/logging/logger'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import type { Store } from '../../../server/store/types'

/** A stored e-mail as the outbox keeps it, pending and never attempted: fresh on every call. */
export function createMailItem(overrides: Partial<MailItem> = {}): MailItem {
  return {
    visitorId: 'v1',
    n: 1,
    messageId: '<m@x.example>',
    to: 'ann@example.com',
    subject: 's',
    text: 't',
    html: 'h',
    headers: {},
    entryIds: ['1'],
    state: 'pending',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    ...overrides,
  }
}

/** The e-mail outbox on `store` with `transport`, a silent logger and the wall clock. */
export function createTestOutbox(
  store: Store,
  transport: MailTransport,
  overrides: Partial<MailOutboxOptions> = {},
) {
  return createMailOutbox({
    store,
    transport,
    logger: silentLogger,
    now: () => Date.now(),
    metrics: createEmailMetrics(createMetricsRegistry()),
    isUnsubscribed: async () => false,
    ...overrides,
  })
}
