import type { RateLimiter } from './rate-limit'

/**
 * The hits a message costs beyond the one its request was counted with: the message
 * limits count the parts the service receives (each ≤ 1000 characters), not requests,
 * so a long text costs what it puts in front of the agents. Capped at the limit, so a
 * single message of the longest kind still goes once a window is fresh.
 *
 * @example extraPartHits(limiter, 21) // 20 with a limit of 120
 */
export function extraPartHits(limiter: RateLimiter, parts: number): number {
  return Math.max(0, Math.min(parts, limiter.limit) - 1)
}
