import { Hono } from 'hono'
import type { StatusResponse } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { encodedResponse } from '../assets/encoded-response'
import { makeVariants, type Variants } from '../assets/variants'
import type { AppEnv } from '../http/app-env'
import type { Runtime } from '../runtime'

const CONFIG_CACHE = 'public, max-age=60'

/**
 * GET /api/config (public settings only: compressed once per settings version, with an
 * ETag per encoding and 304 on If-None-Match) and GET /api/status (cached A1).
 */
export function publicRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  let config: { json: string; variants: Variants } | undefined
  const configVariants = (): Variants => {
    const json = JSON.stringify(deps.settings.public)
    if (config?.json !== json) config = { json, variants: makeVariants(Buffer.from(json)) }
    return config.variants
  }

  return new Hono<AppEnv>()
    .get('/config', (c) => {
      // Set on the context too: headers prepared by middleware (API no-store) would win.
      c.header('cache-control', CONFIG_CACHE)
      return encodedResponse(
        configVariants(),
        {
          acceptEncoding: c.req.header('accept-encoding'),
          ifNoneMatch: c.req.header('if-none-match'),
        },
        { 'content-type': 'application/json', 'cache-control': CONFIG_CACHE },
      )
    })
    .get('/status', async (c) => {
      const body: StatusResponse = { online: await runtime.status.get() }
      c.header('cache-control', 'no-cache')
      return c.json(body)
    })
}
