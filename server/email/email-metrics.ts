import { oncePerRegistry } from '../metrics/once-per-registry'
import type { Counter } from '../metrics/registry'

export type EmailMetrics = {
  /** E-mails by outcome: sent, rejected (5xx), failed (given up), dropped (unsubscribed), retried, resent (answer lost). */
  emails: Counter<'outcome'>
}

/** The e-mail metrics in the app's registry (registered on first use). */
export const createEmailMetrics = oncePerRegistry(
  (registry): EmailMetrics => ({
    emails: registry.counter(
      'porthole_emails_total',
      'Missed-reply e-mail attempts by outcome: sent, retried, rejected (5xx, final), failed (given up after a day), dropped (unsubscribed), resent (an answer lost to a crash).',
      ['outcome'],
    ),
  }),
)
