import { join } from 'node:path'
import { Hono } from 'hono'
import { embedConfig } from '../../shared/embed-code'
import { errorBody } from '../../shared/protocol/errors'
import type { AppEnv } from '../http/app-env'
import { type LocalizedConfig, varyByLanguage } from '../settings/localized-config'
import { createAssetFiles } from './asset-files'
import { contentTypeOf, isAssetName } from './asset-names'
import { encodedResponse } from './encoded-response'
import type { Variants } from './variants'

/**
 * Headers for scripts loaded cross-origin by host pages (and their dynamic imports).
 * `Timing-Allow-Origin: *` lets the host page's own performance tools see these files'
 * timings (Resource Timing hides them cross-origin otherwise): the files are public and
 * any origin may read them already (`Access-Control-Allow-Origin: *`), so their timings
 * tell no origin more than the files do.
 */
const CROSS_ORIGIN = {
  'access-control-allow-origin': '*',
  'timing-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
}

/**
 * widget.js carries the site's settings, so it is revalidated after a minute (its ETag
 * changes with the settings and with a new build); hashed chunks never change.
 */
export const EMBED_CACHE = 'public, max-age=60'
export const CHUNK_CACHE = 'public, max-age=31536000, immutable'

/**
 * GET /widget.js (the embed script with the public settings inside: short cache) and
 * GET /widget/assets/:file (content-hashed: cached for a year). Both are served in the
 * encoding the browser prefers (brotli, gzip, none), precompressed by the build, with a
 * strong ETag per encoding and 304 on If-None-Match.
 */
export function widgetAssetRoutes(
  staticDir: string,
  publicConfig: (request: Request) => LocalizedConfig,
): Hono<AppEnv> {
  const files = createAssetFiles()

  function respond(
    variants: Variants | undefined,
    file: string,
    cacheControl: string,
    request: Request,
  ): Response {
    if (!variants) {
      return Response.json(
        errorBody(
          'not_found',
          'The widget is not built: run `npm run build` (it writes dist/widget/).',
        ),
        { status: 404 },
      )
    }
    return encodedResponse(
      variants,
      {
        acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
        ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
      },
      {
        'content-type': contentTypeOf(file),
        'cache-control': cacheControl,
        ...CROSS_ORIGIN,
      },
    )
  }

  return new Hono<AppEnv>()
    .get('/widget.js', async (c) => {
      const file = join(staticDir, 'widget.js')
      const { config: full, lang, varies } = publicConfig(c.req.raw)
      // The team (settings `team`) is read by the chat from GET /api/config when it opens:
      // no byte of it before engagement.
      const { team: _team, ...config } = full
      const variants = await files.load(file, {
        key: JSON.stringify(config),
        apply: (code) => embedConfig(code, config),
        slot: lang,
      })
      return varyByLanguage(respond(variants, file, EMBED_CACHE, c.req.raw), varies)
    })
    .get('/widget/assets/:file', async (c) => {
      const name = c.req.param('file')
      if (!isAssetName(name)) {
        return c.json(errorBody('not_found', 'No such widget asset.'), 404)
      }
      const file = join(staticDir, 'assets', name)
      return respond(await files.load(file), file, CHUNK_CACHE, c.req.raw)
    })
}
