import { randomBytes } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { ArticleId } from '../../../shared/help/article'
import { resolveText } from '../../../shared/settings/site-text'
import { RTL_LANGUAGES } from '../../../shared/widget-api/values'
import { escapeHtml as e } from '../../email/render/render-email'
import type { AppEnv } from '../../http/app-env'
import type { Runtime } from '../../runtime'
import type { Help } from '../help-service'
import { blocksHtml } from './blocks-html'

const HEX = /^#[0-9a-fA-F]{3,8}$/

const dirOf = (lang: string) =>
  RTL_LANGUAGES.some((rtl) => rtl === lang.split('-')[0]?.toLowerCase()) ? 'rtl' : 'ltr'

type Frame = {
  lang: string
  title: string
  site: string
  color: string
  home?: string
  body: string
}

// No script at all, one style element allowed by its nonce: nothing an article holds can run.
function page(frame: Frame, nonce: string): string {
  const home = frame.home
    ? `<a class="home" href="${e(frame.home)}">${e(frame.site)}</a>`
    : e(frame.site)
  return `<!doctype html>
<html lang="${e(frame.lang)}" dir="${dirOf(frame.lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(frame.title)} · ${e(frame.site)}</title>
<style nonce="${nonce}">
:root{--accent:${frame.color};color-scheme:light dark}
body{font:16px/1.6 system-ui,sans-serif;margin:0;color:CanvasText;background:Canvas}
header{background:var(--accent);color:#fff;padding:12px 20px}header a{color:#fff}
main{max-width:760px;margin:0 auto;padding:20px}a{color:var(--accent)}
img{max-width:100%}pre{overflow:auto;padding:12px;background:#8881}
.table{overflow:auto}table{border-collapse:collapse}td,th{border:1px solid #8886;padding:4px 8px}
li small{opacity:.7}
</style></head>
<body><header>${home}</header><main>${frame.body}</main></body></html>`
}

/**
 * GET /help (the published articles by category) and GET /help/:id (one article):
 * the public help pages, server-rendered with the site's title and colour.
 */
export function helpPageRoutes(runtime: Runtime, help: Help): Hono<AppEnv> {
  function frame(lang: string, title: string, body: string) {
    const settings = runtime.settings.current()
    const home = settings.email.continueUrl
    return {
      lang,
      title,
      site: resolveText(settings.title, lang, 'Help'),
      color: HEX.test(settings.color) ? settings.color : '#1f6feb',
      ...(home ? { home } : {}),
      body,
    }
  }
  function send(c: Context<AppEnv>, html: (nonce: string) => string, status: 200 | 404 = 200) {
    const nonce = randomBytes(16).toString('base64')
    c.header(
      'content-security-policy',
      `default-src 'none'; img-src https: http:; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`,
    )
    c.header('cache-control', 'no-cache')
    return c.html(html(nonce), status)
  }

  return new Hono<AppEnv>()
    .get('/help', (c) => {
      const lang = runtime.settings.current().defaultLang
      const byCategory = new Map<string, { id: string; title: string; language: string }[]>()
      for (const entry of help.catalogue.entries()) {
        const category = entry.category ?? ''
        const list = byCategory.get(category) ?? []
        list.push(entry)
        byCategory.set(category, list)
      }
      const sections = [...byCategory]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, list]) => {
          const items = list
            .sort((a, b) => a.title.localeCompare(b.title))
            .map(
              (a) =>
                `<li lang="${e(a.language)}"><a href="/help/${e(a.id)}">${e(a.title)}</a></li>`,
            )
            .join('')
          return `${category ? `<h2>${e(category)}</h2>` : ''}<ul>${items}</ul>`
        })
        .join('\n')
      return send(c, (nonce) => page(frame(lang, 'Help', `<h1>Help</h1>${sections}`), nonce))
    })
    .get('/help/:id', async (c) => {
      const id = c.req.param('id')
      const article = ArticleId.safeParse(id).success ? await help.publicArticle(id) : undefined
      const lang = article?.language ?? runtime.settings.current().defaultLang
      if (!article)
        return send(
          c,
          (nonce) =>
            page(
              frame(lang, 'Not found', '<h1>Not found</h1><p><a href="/help">Help</a></p>'),
              nonce,
            ),
          404,
        )
      const body = `<p><a href="/help">←</a></p><h1>${e(article.title)}</h1>\n${blocksHtml(article.blocks)}`
      return send(c, (nonce) => page(frame(lang, article.title, body), nonce))
    })
}
