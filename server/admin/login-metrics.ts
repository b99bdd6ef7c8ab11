import { oncePerRegistry } from '../metrics/once-per-registry'

export const LOGIN_OUTCOMES = ['ok', 'wrong_password', 'limited_address', 'braked'] as const
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number]

/**
 * `porthole_admin_logins_total{outcome}`: studio login attempts by outcome, so an alert
 * can watch `wrong_password` and `braked`.
 */
export const adminLoginCounter = oncePerRegistry((registry) =>
  registry.counter(
    'porthole_admin_logins_total',
    'Settings studio login attempts, by outcome (ok, wrong_password, limited_address, braked).',
    ['outcome'],
  ),
)
