import type { Settings } from '../../shared/settings/settings-file'
import { type Language, RTL_LANGUAGES } from '../../shared/widget-api'
import type { EmailConfig } from '../config/parse-email'
import { emailSite } from './email-site'
import { accentOf } from './render/email-frame'
import { emailLanguage, visitorLanguage } from './render/email-language'
import { escapeHtml } from './render/render-email'

/** What a link page shows beside its words: the site's name and colour, the reader's language. */
export type LinkPageLook = { lang: Language; site: string; color: string }

// A card like the e-mails' own, readable on a phone and in dark mode; these pages send
// no Content-Security-Policy that would refuse an inline stylesheet. The accent colour
// (checked by accentOf) tops the card and fills the button.
const style = (color: string) =>
  [
    'body{margin:0;padding:1rem;background:#f4f4f5;color:#1a1a1a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
    `main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;border-top:4px solid ${color}}`,
    '.site{margin:0 0 1rem;font-size:1.1rem;font-weight:700}',
    'h1{margin:0 0 .75rem;font-size:1.25rem}',
    `button{padding:.6rem 1.2rem;border:0;border-radius:6px;background:${color};color:#fff;font:inherit;font-weight:600;cursor:pointer}`,
    `button:focus-visible{outline:3px solid ${color};outline-offset:2px}`,
    '@media (prefers-color-scheme:dark){body{background:#111;color:#eee}main{background:#1e1e1e}}',
  ].join('')

/**
 * The small page an e-mail's link opens (unsubscribe, confirm the address): the site's
 * name over a card with a title and the body's HTML (already escaped by the caller), in
 * the reader's language and direction and the site's colour. No referrer leaves it (its
 * address carries the link's token), and an empty icon of its own keeps browsers from
 * asking for /favicon.ico, a 404 in the log.
 *
 * @example c.html(linkPage(look, 'Unsubscribe', `<p>${escapeHtml(text)}</p>`))
 */
export function linkPage(look: LinkPageLook, title: string, body: string): string {
  const rtl = RTL_LANGUAGES.some((lang) => lang === look.lang)
  return `<!doctype html>
<html lang="${look.lang}"${rtl ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><style>${style(accentOf(look.color))}</style></head>
<body><main><p class="site" dir="auto">${escapeHtml(look.site)}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>
`
}

/**
 * The look of the link pages as the e-mails have it: the site's name (EMAIL_FROM's
 * display name, else the site's host) and accent colour, in the language the reader's
 * browser asks for among the e-mails' (else the widget's, else the default, else English).
 */
export function linkPageLook(options: {
  email: Pick<EmailConfig, 'fromName'> | undefined
  publicUrl: string
  settings: () => Settings
}): (acceptLanguage: string | undefined) => LinkPageLook {
  return (acceptLanguage) => {
    const settings = options.settings()
    return {
      lang: emailLanguage({
        visitor: visitorLanguage(acceptLanguage),
        widget: settings.lang,
        defaultLang: settings.defaultLang,
      }),
      site: emailSite(options.email, settings.email.continueUrl, options.publicUrl),
      color: settings.color,
    }
  }
}
