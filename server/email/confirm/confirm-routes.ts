import { Hono } from 'hono'
import { errorBody } from '../../../shared/protocol/errors'
import type { AppEnv } from '../../http/app-env'
import { linkPage } from '../link-page'
import { escapeHtml } from '../render/render-email'
import type { ConfirmOutcome } from './confirmations'

type Confirmer = {
  confirm(token: string): Promise<ConfirmOutcome>
  isLive(token: string): Promise<boolean>
}

const INVALID =
  'This confirmation link is not valid: it was used already, has expired, or was cut. Ask for the transcript again in the chat, or wait for the next reply’s e-mail.'
const CHANGED =
  'This address is no longer the one in your chat: nothing was confirmed. Confirm with the link of the newest e-mail.'
const DONE =
  'Your e-mail address is confirmed. What waited for it (replies, a transcript) is on its way.'

/**
 * The confirmation link of a "confirm your address" e-mail,
 * `{PUBLIC_URL}/email/confirm/<token>`:
 * - `GET` shows a page with one button: a GET must not confirm, since mail scanners
 *   open every link of an e-mail.
 * - `POST` (the button) confirms: 200 with a page, or `{"confirmed":true}` for a non-HTML
 *   client. A link used, expired or not signed here: 404; the address changed since: 409.
 */
export function confirmRoutes(confirmations: Confirmer | undefined): Hono<AppEnv> {
  const html = (title: string, body: string, form = '') =>
    linkPage(title, `<p>${escapeHtml(body)}</p>${form}`)
  return new Hono<AppEnv>()
    .get('/email/confirm/:token', async (c) => {
      c.header('cache-control', 'no-store')
      if (!confirmations || !(await confirmations.isLive(c.req.param('token'))))
        return c.html(html('Confirm your address', INVALID), 404)
      return c.html(
        html(
          'Confirm your address',
          'Confirm that this e-mail address is yours: replies and transcripts of your chat may then be sent to it.',
          '<form method="post"><button type="submit">Confirm my address</button></form>',
        ),
      )
    })
    .post('/email/confirm/:token', async (c) => {
      c.header('cache-control', 'no-store')
      const outcome = confirmations ? await confirmations.confirm(c.req.param('token')) : 'invalid'
      const wantsHtml = (c.req.header('accept') ?? '').includes('text/html')
      if (outcome === 'confirmed')
        return wantsHtml ? c.html(html('Address confirmed', DONE)) : c.json({ confirmed: true })
      const [status, code, message] =
        outcome === 'changed'
          ? ([409, 'address_changed', CHANGED] as const)
          : ([404, 'not_found', INVALID] as const)
      return wantsHtml
        ? c.html(html('Confirm your address', message), status)
        : c.json(errorBody(code, message), status)
    })
}
