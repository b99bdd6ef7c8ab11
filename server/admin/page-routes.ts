import { join } from 'node:path'
import { Hono } from 'hono'
import { errorBody } from '../../shared/protocol/errors'
import { createAssetFiles } from '../assets/asset-files'
import { contentTypeOf, isAssetName } from '../assets/asset-names'
import { encodedResponse } from '../assets/encoded-response'
import type { Variants } from '../assets/variants'
import type { AppEnv } from '../http/app-env'

/**
 * The studio's pages run no inline script or style: everything comes from /admin/assets.
 * The studio itself is never framed (clickjacking); its preview is framed by the studio only.
 */
const BASE_CSP =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'"
export const STUDIO_CSP = `${BASE_CSP}; frame-ancestors 'none'`
export const PREVIEW_CSP = `${BASE_CSP}; frame-ancestors 'self'`

/** Where the page learns the backend's public URL (for the install card's script tag). */
const PUBLIC_URL_META = '<meta name="porthole-public-url" content="" />'

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * GET /admin (the settings studio), GET /admin/preview (the page its live preview
 * frames) and GET /admin/assets/:file, from the studio's build (dist/studio). Mount
 * only when the studio is on (ADMIN_PASSWORD set): without it these paths are 404 like
 * every other unknown route. The pages are public: the studio logs in through
 * POST /admin/login and every settings call is authorised by the API.
 *
 * @example app.route('/', studioPageRoutes({ dir: 'dist/studio', publicUrl: 'https://chat.example.com' }))
 */
export function studioPageRoutes(options: { dir: string; publicUrl: string }): Hono<AppEnv> {
  const files = createAssetFiles()
  const publicUrl = options.publicUrl.replace(/\/+$/, '')

  const notBuilt = () =>
    Response.json(
      errorBody(
        'not_found',
        'The studio is not built: run `npm run build` (it writes dist/studio/).',
      ),
      { status: 404 },
    )

  const respond = (
    variants: Variants | undefined,
    file: string,
    request: Request,
    headers: Record<string, string>,
  ): Response =>
    variants
      ? encodedResponse(
          variants,
          {
            acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
            ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
          },
          {
            'content-type': contentTypeOf(file),
            ...headers,
          },
        )
      : notBuilt()

  const page = (name: string, csp: string, transform?: (html: string) => string) => {
    const file = join(options.dir, name)
    return async (request: Request) =>
      respond(
        await files.load(file, transform && { key: publicUrl, apply: transform }),
        file,
        request,
        // A new build changes the pages' asset names: always revalidated.
        { 'content-security-policy': csp, 'cache-control': 'no-cache' },
      )
  }
  const studio = page('index.html', STUDIO_CSP, (html) =>
    html.replace(
      PUBLIC_URL_META,
      () => `<meta name="porthole-public-url" content="${escapeAttribute(publicUrl)}" />`,
    ),
  )
  const preview = page('preview.html', PREVIEW_CSP)

  return new Hono<AppEnv>()
    .get('/admin', (c) => studio(c.req.raw))
    .get('/admin/', (c) => studio(c.req.raw))
    .get('/admin/preview', (c) => preview(c.req.raw))
    .get('/admin/assets/:file', async (c) => {
      const name = c.req.param('file')
      if (!isAssetName(name)) {
        return c.json(errorBody('not_found', 'No such studio asset.'), 404)
      }
      const file = join(options.dir, 'assets', name)
      const variants = await files.load(file)
      if (!variants) return c.json(errorBody('not_found', 'No such studio asset.'), 404)
      return respond(variants, file, c.req.raw, {
        'content-security-policy': PREVIEW_CSP,
        'cache-control': 'public, max-age=31536000, immutable',
      })
    })
}
