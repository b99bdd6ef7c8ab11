// A customer message's delivery states, without zod: the schemas (conversation.ts) build on
// them and the widget's chat reads them from here (apart from values.ts, which the
// widget's loader carries).

/**
 * One customer message's lifecycle on the backend, the source of truth (the widget adds
 * its own `queued` before the backend has the message):
 * - `pending`: stored; being forwarded, with the service's fast retries (3 × 3 s);
 * - `delayed`: the service kept failing; retried with backoff until A2_GIVE_UP_HOURS;
 * - `sent`: the service accepted every part (final);
 * - `failed`: the service refused it (4xx) or the give-up time passed (final; the
 *   visitor may send it again).
 */
export const DELIVERY_STATES = ['sent', 'pending', 'delayed', 'failed'] as const
export type DeliveryState = (typeof DELIVERY_STATES)[number]
