import { Hono } from 'hono'
import { isOpenAt } from '../../shared/settings/business-hours'
import { nextOpening } from '../../shared/settings/next-opening'
import type { PublicConfig, StatusResponse } from '../../shared/widget-api'
import type { AppDeps } from '../app-deps'
import { encodedResponse } from '../assets/encoded-response'
import { makeVariants, type Variants } from '../assets/variants'
import type { AppEnv } from '../http/app-env'
import type { Runtime } from '../runtime'
import { localizedConfig, varyByLanguage } from '../settings/localized-config'

const CONFIG_CACHE = 'public, max-age=60'

/**
 * GET /api/config (public settings only, texts in the visitor's language: compressed once
 * per settings version and language, `Vary: Accept-Language` when that matters, with an
 * ETag per encoding and 304 on If-None-Match) and GET /api/status (cached A1; `open: false` and the next
 * opening `opensAt` outside business hours).
 */
export function publicRoutes(deps: AppDeps, runtime: Runtime): Hono<AppEnv> {
  // One compressed copy per language the settings are written in, redone when they change.
  const configs = new Map<string, { json: string; variants: Variants }>()
  const configVariants = (lang: string, config: PublicConfig): Variants => {
    const json = JSON.stringify(config)
    let cached = configs.get(lang)
    if (cached?.json !== json) {
      cached = { json, variants: makeVariants(Buffer.from(json)) }
      configs.set(lang, cached)
    }
    return cached.variants
  }
  runtime.settings.onChange(() => configs.clear())

  return new Hono<AppEnv>()
    .get('/config', (c) => {
      // Set on the context too: headers prepared by middleware (API no-store) would win.
      c.header('cache-control', CONFIG_CACHE)
      const { config, lang, varies } = localizedConfig(
        runtime.settings.current(),
        c.req.raw,
        deps.now(),
        deps.config.uploads,
        runtime.email.enabled,
      )
      const response = encodedResponse(
        configVariants(lang, config),
        {
          acceptEncoding: c.req.header('accept-encoding'),
          ifNoneMatch: c.req.header('if-none-match'),
        },
        { 'content-type': 'application/json', 'cache-control': CONFIG_CACHE },
      )
      return varyByLanguage(response, varies)
    })
    .get('/status', async (c) => {
      const body: StatusResponse = { online: await runtime.status.get() }
      // Outside business hours the widget acts as offline whatever the agents' status
      // (an agent may have forgotten to go offline); widget.js's own copy is cached.
      // `opensAt`: when they open next (the widget says "Back at 9:00" instead of a reply time).
      const hours = runtime.settings.current().businessHours
      if (hours) {
        const now = deps.now()
        if (!isOpenAt(hours, now)) {
          body.open = false
          const opensAt = nextOpening(hours, now)
          if (opensAt !== undefined) body.opensAt = opensAt
        }
      }
      c.header('cache-control', 'no-cache')
      return c.json(body)
    })
}
