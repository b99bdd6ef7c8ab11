import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Porthole sandbox</title><link rel="icon" href="data:,">
<body style="font:16px system-ui;margin:3rem;max-width:40rem">
<h1>The agent console is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm run sandbox</code>, which builds first), then reload.</p>
<p>The sandbox itself is running: the channel endpoint and the control API under
<code>/console/api/</code> work without the console.</p></body></html>`

/** The package's dist/console, found from this file whether it runs from source or dist/. */
export function defaultConsoleDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) return join(process.cwd(), 'dist/console')
    dir = parent
  }
  return join(dir, 'dist/console')
}

async function serveFile(path: string): Promise<Response | undefined> {
  const extension = path.slice(path.lastIndexOf('.'))
  try {
    const body = await readFile(path)
    const immutable = path.includes('/assets/')
    return new Response(body, {
      headers: {
        'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
    })
  } catch {
    return undefined
  }
}

/** The agent console at / (built by demo/console/vite.config.ts into dist/console). */
export function consolePage(consoleDir: string): Hono {
  const app = new Hono()
  const index = async () =>
    (await serveFile(join(consoleDir, 'index.html'))) ??
    new Response(NOT_BUILT, {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    })
  app.get('/', index)
  app.get('/index.html', index)
  app.get('/assets/:file', async (c) => {
    const file = c.req.param('file')
    // Only plain file names: no way out of the assets folder.
    if (!/^[\w.-]+$/.test(file) || file.startsWith('.')) return c.text('Not Found', 404)
    return (await serveFile(join(consoleDir, 'assets', file))) ?? c.text('Not Found', 404)
  })
  return app
}
