import { readFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { Hono } from 'hono'
import { errorBody } from '../../shared/protocol/errors'
import type { AppEnv } from '../http/app-env'

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
}

// Only plain file names inside assets/: no slashes, no "..".
const ASSET_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,200}$/

/** Headers for scripts loaded cross-origin by host pages (and their dynamic imports). */
const CROSS_ORIGIN = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
}

/**
 * GET /widget.js (short cache: it names the current chunks) and
 * GET /widget/assets/:file (content-hashed: cached for a year).
 */
export function widgetAssetRoutes(staticDir: string): Hono<AppEnv> {
  async function serve(file: string, cacheControl: string): Promise<Response> {
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return Response.json(
        errorBody(
          'not_found',
          'The widget is not built: run `npm run build` (it writes dist/widget/).',
        ),
        { status: 404 },
      )
    }
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
    return new Response(new Uint8Array(body), {
      headers: { 'content-type': type, 'cache-control': cacheControl, ...CROSS_ORIGIN },
    })
  }

  return new Hono<AppEnv>()
    .get('/widget.js', () => serve(join(staticDir, 'widget.js'), 'public, max-age=300'))
    .get('/widget/assets/:file', async (c) => {
      const name = c.req.param('file')
      if (!ASSET_NAME.test(name) || name.includes('..')) {
        return c.json(errorBody('not_found', 'No such widget asset.'), 404)
      }
      return serve(join(staticDir, 'assets', name), 'public, max-age=31536000, immutable')
    })
}
