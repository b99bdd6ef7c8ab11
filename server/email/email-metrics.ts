import type { Counter, MetricsRegistry } from '../metrics/registry'

export type EmailMetrics = {
  /** E-mails by outcome: sent, rejected (5xx), failed (given up), dropped (unsubscribed), retried, resent (answer lost). */
  emails: Counter<'outcome'>
}

// One set per registry: a registry refuses a second metric of the same name, and two
// runtimes may share one (an app rebuilt on the same metrics).
const byRegistry = new WeakMap<MetricsRegistry, EmailMetrics>()

/** The e-mail metrics in the app's registry (registered on first use). */
export function createEmailMetrics(registry: MetricsRegistry): EmailMetrics {
  let metrics = byRegistry.get(registry)
  if (!metrics) {
    metrics = {
      emails: registry.counter(
        'porthole_emails_total',
        'Missed-reply e-mail attempts by outcome: sent, retried, rejected (5xx, final), failed (given up after a day), dropped (unsubscribed), resent (an answer lost to a crash).',
        ['outcome'],
      ),
    }
    byRegistry.set(registry, metrics)
  }
  return metrics
}
