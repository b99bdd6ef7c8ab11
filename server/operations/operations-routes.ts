import { Hono } from 'hono'
import type { AppDeps } from '../app-deps'
import type { AppEnv } from '../http/app-env'
import type { Runtime } from '../runtime'

/** GET /healthz (the store is reachable and the process is not draining) and GET /metrics (Prometheus text). */
export function operationsRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/healthz', async (c) => {
      c.header('cache-control', 'no-store')
      // Shutting down: still answering the requests in flight, but load balancers must stop sending.
      if (runtime.draining) return c.json({ status: 'draining' }, 503)
      try {
        await deps.store.ping()
        return c.json({ status: 'ok', store: deps.store.kind, streams: runtime.hub.count() })
      } catch (error) {
        c.get('log').error('health check: store unreachable', { error })
        return c.json({ status: 'unavailable', store: deps.store.kind }, 503)
      }
    })
    .get('/metrics', async (c) => {
      c.header('cache-control', 'no-store')
      const { registry } = runtime.metrics
      return c.text(await registry.render(), 200, { 'content-type': registry.contentType })
    })
}
