import { Hono } from 'hono'
import { errorBody } from '../../shared/protocol/errors'
import type { AppEnv } from '../http/app-env'
import { linkPage as page } from './link-page'
import { escapeHtml } from './render/render-email'

type Unsubscriber = {
  unsubscribe(token: string): Promise<boolean>
  isUnsubscribeToken(token: string): boolean
}

const NOT_FOUND = 'This unsubscribe link is not valid: copy the whole link from the e-mail.'

/**
 * The unsubscribe link of every e-mail, `{PUBLIC_URL}/email/unsubscribe/<token>`:
 * - `POST` unsubscribes at once: the RFC 8058 one-click request mail clients send
 *   (`List-Unsubscribe=One-Click`), and the page's button. 200 `{"unsubscribed":true}`.
 * - `GET` (the link in the e-mail) shows a page with that one button: a GET must not
 *   unsubscribe, since mail scanners open every link of an e-mail.
 * A token this backend did not sign: 404.
 */
export function unsubscribeRoutes(email: Unsubscriber): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get('/email/unsubscribe/:token', (c) => {
      c.header('cache-control', 'no-store')
      if (!email.isUnsubscribeToken(c.req.param('token')))
        return c.html(page('Unsubscribe', `<p>${escapeHtml(NOT_FOUND)}</p>`), 404)
      return c.html(
        page(
          'Unsubscribe',
          `<p>Stop e-mails about your chat replies to this address?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
        ),
      )
    })
    .post('/email/unsubscribe/:token', async (c) => {
      c.header('cache-control', 'no-store')
      const done = await email.unsubscribe(c.req.param('token'))
      const wantsHtml = (c.req.header('accept') ?? '').includes('text/html')
      if (!done) {
        return wantsHtml
          ? c.html(page('Unsubscribe', `<p>${escapeHtml(NOT_FOUND)}</p>`), 404)
          : c.json(errorBody('not_found', NOT_FOUND), 404)
      }
      return wantsHtml
        ? c.html(page('Unsubscribed', '<p>You will get no more e-mails from this chat.</p>'))
        : c.json({ unsubscribed: true })
    })
}
