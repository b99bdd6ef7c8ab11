// The host page the Lighthouse rows measure: a plain article with a hero image (the
// page's Largest Contentful Paint) and text, served on loopback, with or without the
// one script tag a site owner pastes.
import { readFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { afterLoadScript } from '../../shared/embed-code'

export type HostPage = {
  /** The page without the widget (`/`) or with its script tag (`/?widget`). */
  url(withWidget: boolean): string
  origin: string
  close(): Promise<void>
}

/**
 * How the page embeds widget.js: `after-load` is the recommended embed site owners paste
 * (shared/embed-code.ts: an inline script that adds widget.js 250 ms after the page's load
 * event, so not even widget.js is fetched before the page's own Largest Contentful Paint);
 * `tag` is the plain `<script src=... async>` for sites whose CSP refuses inline scripts
 * (docs/benchmarks.md, "Cost to your page").
 */
export type Embed = 'tag' | 'after-load'

/** The recommended embed (shared/embed-code.ts) for widget.js at `src`. */
export const afterLoadSnippet = afterLoadScript

/** The page's HTML; `widgetSrc` adds the widget, embedded as `embed` says. */
export function hostPageHtml(widgetSrc: string | undefined, embed: Embed = 'tag'): string {
  const script = !widgetSrc
    ? ''
    : embed === 'tag'
      ? `\n  <script src="${widgetSrc}" async></script>`
      : `\n  ${afterLoadSnippet(widgetSrc)}`
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Lakeside cabins</title>
  <style>
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1f2328; }
    header, main { max-width: 44rem; margin: 0 auto; padding: 1rem; }
    .hero { display: block; width: 100%; height: auto; aspect-ratio: 3 / 2; object-fit: cover; }
  </style>
</head>
<body>
  <header><strong>Lakeside cabins</strong></header>
  <main>
    <img class="hero" src="/hero.jpg" width="600" height="400" alt="A lake at dawn">
    <h1>Quiet cabins by the water</h1>
    <p>Twelve timber cabins on the north shore, each with a wood stove, a rowing boat and a
    view of the lake. Open all year; the sauna is heated every evening from five.</p>
    <p>Check-in from three in the afternoon, check-out by eleven. Dogs are welcome in the
    cabins marked on the map. Breakfast baskets can be ordered the evening before.</p>
  </main>${script}
</body>
</html>
`
}

/** The origin the page will have on `port` (the widget's server must allow it before the page starts). */
export const hostOrigin = (port: number) => `http://127.0.0.1:${port}`

export async function startHostPage(options: {
  port: number
  widgetSrc: string
  heroImage: string
  embed?: Embed
  /**
   * A backend's origin (http): every other path is forwarded there, so the page and the
   * backend share one origin (widgetSrc then names the page's own /widget.js).
   */
  proxyTo?: string
}): Promise<HostPage> {
  const hero = readFileSync(options.heroImage)
  const pages = {
    plain: hostPageHtml(undefined),
    widget: hostPageHtml(options.widgetSrc, options.embed),
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host')
    if (url.pathname === '/hero.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': hero.length })
      res.end(hero)
      return
    }
    if (url.pathname === '/') {
      const html = url.searchParams.has('widget') ? pages.widget : pages.plain
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      })
      res.end(html)
      return
    }
    if (options.proxyTo) {
      const target = new URL(req.url ?? '/', options.proxyTo)
      const forward = request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      forward.on('error', () => res.headersSent || res.writeHead(502).end())
      req.pipe(forward)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve))
  const origin = hostOrigin(options.port)
  return {
    origin,
    url: (withWidget) => (withWidget ? `${origin}/?widget` : `${origin}/`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
