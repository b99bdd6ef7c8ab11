import type { MiddlewareHandler } from 'hono'
import type { AppDeps } from '../app-deps'
import type { VisitorEnv } from '../http/app-env'
import { clientKey } from '../http/client-ip'
import { enforceRate } from '../http/limits'
import { perMinuteLimiter } from '../http/rate-limit'

/**
 * Counts a visitor route's requests as POST /api/messages counts its parts
 * (RATE_LIMIT_MESSAGES_PER_MINUTE per visitor, RATE_LIMIT_IP_MESSAGES_PER_MINUTE per
 * address), in a budget of its own: `<name>-per-visitor` and `<name>-per-ip`. Mount it
 * after the visitor's auth and before the body is parsed, so bad bodies count too.
 *
 * @example new Hono<AppEnv>().use('/read', auth).post('/read', messageBudget(deps, 'reads', 'read receipts'), …)
 */
export function messageBudget(
  deps: Pick<AppDeps, 'config' | 'store' | 'logger'>,
  name: string,
  what: string,
): MiddlewareHandler<VisitorEnv> {
  const { config, store, logger } = deps
  const { messagesPerVisitorPerMinute, messagesPerIpPerMinute } = config.rateLimits
  const perVisitor = perMinuteLimiter(
    store,
    logger,
    `${name}-per-visitor`,
    messagesPerVisitorPerMinute,
  )
  const perIp = perMinuteLimiter(store, logger, `${name}-per-ip`, messagesPerIpPerMinute)
  return async function messageBudget(c, next) {
    await enforceRate(perVisitor, c.get('visitor').visitorId, what)
    await enforceRate(perIp, clientKey(c, config), `${what} from this address`)
    await next()
  }
}
