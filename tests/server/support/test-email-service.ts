import {
  createEmailService,
  type EmailService,
  type EmailServiceOptions,
} from '../../../server/email/email-service'
import type { MailItem } from '../../../server/email/mail-item'
import type { MailTransport } from '../../../server/email/smtp-transport'
import { createLogger } from '../../../server/logging/logger'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import type { Store } from '../../../server/store/types'
import { createTestSettings } from '../../support/test-config'

/** The profile keep time the e-mail tests give the service: 30 days. */
export const PROFILE_KEEP_MS = 30 * 86_400_000

/** A transport that accepts every e-mail and keeps it in `sent`. */
export function recordingTransport(sent: MailItem[]): MailTransport {
  return {
    async send(item) {
      sent.push(item)
      return { kind: 'accepted' }
    },
    close() {},
  }
}

/**
 * The e-mail service over `store` as the tests run it: SMTP configured (the transport is
 * given), quiet logs, e-mails `afterSeconds` after a missed reply; `overrides` replace any
 * of it.
 */
export function createTestEmailService(
  store: Store,
  afterSeconds: number,
  overrides: Partial<EmailServiceOptions> = {},
): EmailService {
  return createEmailService({
    email: {
      smtpUrl: 'smtp://unused.invalid',
      fromAddress: 'chat@northwind.example',
      fromName: 'Northwind',
    },
    publicUrl: 'https://chat.northwind.example',
    sessionSecret: 'a-session-secret-of-at-least-32-characters',
    store,
    settings: () => createTestSettings({ email: { afterSeconds } }),
    logger: createLogger({ level: 'error', write: () => undefined }),
    now: Date.now,
    registry: createMetricsRegistry({ processMetrics: false }),
    profileKeepMs: PROFILE_KEEP_MS,
    resumeUrl: async () => 'https://shop.example/',
    ...overrides,
  })
}
