import { Hono } from 'hono'
import type { StatusResponse } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import type { AppEnv } from '../http/app-env'
import type { Runtime } from '../runtime'

/** GET /api/config (public settings only) and GET /api/status (cached A1). */
export function publicRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/config', (c) => {
      c.header('cache-control', 'public, max-age=60')
      return c.json(deps.settings.public)
    })
    .get('/status', async (c) => {
      const body: StatusResponse = { online: await runtime.status.get() }
      c.header('cache-control', 'no-cache')
      return c.json(body)
    })
}
