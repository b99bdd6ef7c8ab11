import { Hono } from 'hono'
import type { AppDeps } from '../app-deps'
import type { AppEnv } from '../http/app-env'
import type { Runtime } from '../runtime'
import { systemDiskSpace } from '../uploads/disk-space'
import { diskHealth } from './disk-health'

/**
 * GET /healthz (the store is reachable and the process is not draining; the disk's free
 * space, `"status":"degraded"` below DISK_FREE_FLOOR_MB without failing: messages still
 * work) and GET /metrics (Prometheus text).
 */
export function operationsRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  const disk = deps.diskSpace ?? systemDiskSpace()
  // Said once when the disk goes low and once when it is back, not on every health check.
  let low = false
  return new Hono<AppEnv>()
    .get('/healthz', async (c) => {
      c.header('cache-control', 'no-store')
      // Shutting down: still answering the requests in flight, but load balancers must stop sending.
      if (runtime.draining) return c.json({ status: 'draining' }, 503)
      try {
        await deps.store.ping()
        const space = await diskHealth(deps.config, disk)
        if (space && space.low !== low) {
          low = space.low
          if (low) c.get('log').warn('health check: disk below DISK_FREE_FLOOR_MB', space)
          else c.get('log').info('health check: disk above DISK_FREE_FLOOR_MB again', space)
        }
        return c.json({
          status: space?.low ? 'degraded' : 'ok',
          store: deps.store.kind,
          streams: runtime.hub.count(),
          ...(space ? { disk: space } : {}),
        })
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
