import { isHttpUrl } from '../../../shared/url'
import { type Language, RTL_LANGUAGES } from '../../../shared/widget-api'
import { escapeHtml } from './render-email'

const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/

/** The site's accent colour when it is one (`#rgb`… `#rrggbbaa`), else Porthole's blue. */
export const accentOf = (color: string) => (HEX_COLOR.test(color) ? color : '#1f6feb')

/** A link's href: only http(s) URLs (never `javascript:`), escaped for the attribute. */
export const hrefOf = (url: string) => escapeHtml(isHttpUrl(url) ? url : 'about:blank')

/** A paragraph of the card (`html` already escaped). */
export const paragraphOf = (html: string) =>
  `<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:#1a1a1a">${html}</p>`

/** A button-like link in the accent colour. */
export const buttonOf = (url: string, label: string, color: string) =>
  `<p style="margin:24px 0 12px"><a href="${hrefOf(url)}" style="display:inline-block;padding:12px 20px;background:${accentOf(color)};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`

/**
 * An e-mail's HTML page: the site's name over a white card holding `body` (already
 * escaped), and `footer` (already escaped) under it, in the visitor's language and
 * direction.
 */
export function emailFrame(view: {
  lang: Language
  subject: string
  site: string
  color: string
  body: string
  footer: string
}): string {
  const e = escapeHtml
  const color = accentOf(view.color)
  const rtl = RTL_LANGUAGES.some((lang) => lang === view.lang)
  return `<!doctype html>
<html lang="${view.lang}"${rtl ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(view.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:4px solid ${color}">
<tr><td style="padding:24px">
<p dir="auto" style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#1a1a1a">${e(view.site)}</p>
${view.body}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#6b6b6b">${view.footer}</p>
</td></tr></table>
</body></html>
`
}

/** The footer's "why you get this" line and its unsubscribe link (escaped HTML). */
export const unsubscribeFooterOf = (why: string, label: string, url: string) =>
  `${escapeHtml(why)} <a href="${hrefOf(url)}" style="color:#6b6b6b">${escapeHtml(label)}</a>`
