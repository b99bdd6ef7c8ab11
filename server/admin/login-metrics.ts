import type { Counter, MetricsRegistry } from '../metrics/registry'

export const LOGIN_OUTCOMES = ['ok', 'wrong_password', 'limited_address', 'braked'] as const
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number]

// One counter per registry: a registry refuses a metric name twice.
const counters = new WeakMap<MetricsRegistry, Counter<'outcome'>>()

/**
 * `porthole_admin_logins_total{outcome}`: studio login attempts by outcome, so an alert
 * can watch `wrong_password` and `braked`.
 */
export function adminLoginCounter(registry: MetricsRegistry): Counter<'outcome'> {
  let counter = counters.get(registry)
  if (!counter) {
    counter = registry.counter(
      'porthole_admin_logins_total',
      'Settings studio login attempts, by outcome (ok, wrong_password, limited_address, braked).',
      ['outcome'],
    )
    counters.set(registry, counter)
  }
  return counter
}
