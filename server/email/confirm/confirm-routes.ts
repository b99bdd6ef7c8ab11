import { Hono } from 'hono'
import { errorBody } from '../../../shared/protocol/errors'
import type { AppEnv } from '../../http/app-env'
import { type LinkPageLook, linkPage } from '../link-page'
import { confirmTexts } from '../render/confirm-texts'
import { linkPageTexts } from '../render/link-page-texts'
import { escapeHtml } from '../render/render-email'
import type { ConfirmOutcome } from './confirmations'

type Confirmer = {
  confirm(token: string): Promise<ConfirmOutcome>
  isLive(token: string): Promise<boolean>
}

// The JSON answers', for scripts; the pages say them in the reader's language.
const INVALID = linkPageTexts('en').confirmInvalid
const CHANGED = linkPageTexts('en').confirmChanged

/**
 * The confirmation link of a "confirm your address" e-mail,
 * `{PUBLIC_URL}/email/confirm/<token>`:
 * - `GET` shows a page with one button: a GET must not confirm, since mail scanners
 *   open every link of an e-mail.
 * - `POST` (the button) confirms: 200 with a page, or `{"confirmed":true}` for a non-HTML
 *   client. A link used, expired or not signed here: 404; the address changed since: 409.
 * The pages carry the site's name and colour, in the language the browser asks for among
 * the e-mails' (`lookOf`).
 */
export function confirmRoutes(
  confirmations: Confirmer | undefined,
  lookOf: (acceptLanguage: string | undefined) => LinkPageLook,
): Hono<AppEnv> {
  const page = (look: LinkPageLook, title: string, text: string, form = '') =>
    linkPage(look, title, `<p>${escapeHtml(text)}</p>${form}`)
  return new Hono<AppEnv>()
    .get('/email/confirm/:token', async (c) => {
      c.header('cache-control', 'no-store')
      const look = lookOf(c.req.header('accept-language'))
      const t = linkPageTexts(look.lang)
      if (!confirmations || !(await confirmations.isLive(c.req.param('token'))))
        return c.html(page(look, t.confirmTitle, t.confirmInvalid), 404)
      const button = escapeHtml(confirmTexts(look.lang).button)
      return c.html(
        page(
          look,
          t.confirmTitle,
          t.confirmAsk,
          `<form method="post"><button type="submit">${button}</button></form>`,
        ),
      )
    })
    .post('/email/confirm/:token', async (c) => {
      c.header('cache-control', 'no-store')
      const outcome = confirmations ? await confirmations.confirm(c.req.param('token')) : 'invalid'
      const wantsHtml = (c.req.header('accept') ?? '').includes('text/html')
      const look = lookOf(c.req.header('accept-language'))
      const t = linkPageTexts(look.lang)
      if (outcome === 'confirmed')
        return wantsHtml
          ? c.html(page(look, t.confirmed, t.confirmedText))
          : c.json({ confirmed: true })
      const [status, code, message, text] =
        outcome === 'changed'
          ? ([409, 'address_changed', CHANGED, t.confirmChanged] as const)
          : ([404, 'not_found', INVALID, t.confirmInvalid] as const)
      return wantsHtml
        ? c.html(page(look, t.confirmTitle, text), status)
        : c.json(errorBody(code, message), status)
    })
}
