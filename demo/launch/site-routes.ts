import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { Hono } from 'hono'
import { errorBody } from '../../shared/protocol/errors'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.pdf': 'application/pdf',
}

/** The page that proves the widget needs no 'unsafe-inline' and no 'unsafe-eval'. */
export const STRICT_CSP_PAGE = '/hostile.html'

/**
 * The strict policy of the hostile page. The demo site and the backend share an origin,
 * so "the backend origin" is the origin the browser asked for.
 */
export function strictCsp(origin: string): string {
  return [
    "default-src 'self'",
    `script-src ${origin}`,
    "style-src 'self'",
    `connect-src ${origin}`,
    `img-src ${origin} https: data:`,
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')
}

export type SiteOptions = {
  /** The folder of the demo site (demo/site). */
  dir: string
  /** Replaces %CONSOLE_URL% in the pages: where the agent console runs. */
  consoleUrl: string
}

/** Every file under `dir`, by URL path; only these are ever served (no path tricks). */
function listFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (CONTENT_TYPES[extname(name)])
        files.set(`/${relative(dir, path).split(sep).join('/')}`, path)
    }
  }
  walk(dir)
  return files
}

/**
 * The demo host site, served by the backend at /: a shop page with the widget's one
 * script tag, and /hostile.html with an aggressive stylesheet and a strict CSP.
 *
 * @example startServer({ ..., site: { routes: siteRoutes({ dir, consoleUrl }) } })
 */
export function siteRoutes(options: SiteOptions): Hono {
  const files = listFiles(options.dir)
  if (!files.has('/index.html')) {
    throw new Error(`The demo site has no index.html in ${options.dir}: restore demo/site/`)
  }
  return new Hono().get('*', (c) => {
    const path = c.req.path === '/' ? '/index.html' : c.req.path
    const file = files.get(path)
    if (!file) return c.json(errorBody('not_found', 'No such page in the demo site.'), 404)
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    }
    if (path === STRICT_CSP_PAGE)
      headers['content-security-policy'] = strictCsp(new URL(c.req.url).origin)
    const bytes = readFileSync(file)
    if (extname(file) !== '.html') return c.body(new Uint8Array(bytes), 200, headers)
    return c.body(
      bytes.toString('utf8').replaceAll('%CONSOLE_URL%', options.consoleUrl),
      200,
      headers,
    )
  })
}
