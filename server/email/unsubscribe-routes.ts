import { Hono } from 'hono'
import { errorBody } from '../../shared/protocol/errors'
import type { AppEnv } from '../http/app-env'
import { type LinkPageLook, linkPage } from './link-page'
import { emailTexts } from './render/email-texts'
import { linkPageTexts } from './render/link-page-texts'
import { escapeHtml } from './render/render-email'

type Unsubscriber = {
  unsubscribe(token: string): Promise<boolean>
  isUnsubscribeToken(token: string): boolean
}

// The JSON answer's, for mail clients and scripts; the page says it in the reader's language.
const NOT_FOUND = 'This unsubscribe link is not valid: copy the whole link from the e-mail.'

/**
 * The unsubscribe link of every e-mail, `{PUBLIC_URL}/email/unsubscribe/<token>`:
 * - `POST` unsubscribes at once: the RFC 8058 one-click request mail clients send
 *   (`List-Unsubscribe=One-Click`), and the page's button. 200 `{"unsubscribed":true}`.
 * - `GET` (the link in the e-mail) shows a page with that one button: a GET must not
 *   unsubscribe, since mail scanners open every link of an e-mail.
 * A token this backend did not sign: 404. The pages carry the site's name and colour, in
 * the language the browser asks for among the e-mails' (`lookOf`).
 */
export function unsubscribeRoutes(
  email: Unsubscriber,
  lookOf: (acceptLanguage: string | undefined) => LinkPageLook,
): Hono<AppEnv> {
  const page = (look: LinkPageLook, kind: 'ask' | 'done' | 'invalid') => {
    const t = linkPageTexts(look.lang)
    const label = emailTexts(look.lang).unsubscribe
    if (kind === 'done')
      return linkPage(look, t.unsubscribed, `<p>${escapeHtml(t.unsubscribedText)}</p>`)
    if (kind === 'invalid')
      return linkPage(look, label, `<p>${escapeHtml(t.unsubscribeInvalid)}</p>`)
    return linkPage(
      look,
      label,
      `<p>${escapeHtml(t.unsubscribeAsk)}</p><form method="post"><button type="submit">${escapeHtml(label)}</button></form>`,
    )
  }
  return new Hono<AppEnv>()
    .get('/email/unsubscribe/:token', (c) => {
      c.header('cache-control', 'no-store')
      const look = lookOf(c.req.header('accept-language'))
      if (!email.isUnsubscribeToken(c.req.param('token'))) return c.html(page(look, 'invalid'), 404)
      return c.html(page(look, 'ask'))
    })
    .post('/email/unsubscribe/:token', async (c) => {
      c.header('cache-control', 'no-store')
      const done = await email.unsubscribe(c.req.param('token'))
      const wantsHtml = (c.req.header('accept') ?? '').includes('text/html')
      const look = () => lookOf(c.req.header('accept-language'))
      if (!done) {
        return wantsHtml
          ? c.html(page(look(), 'invalid'), 404)
          : c.json(errorBody('not_found', NOT_FOUND), 404)
      }
      return wantsHtml ? c.html(page(look(), 'done')) : c.json({ unsubscribed: true })
    })
}
