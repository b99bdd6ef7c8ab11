import type { Language } from '../../../shared/widget-api'
import { confirmTexts } from './confirm-texts'
import { buttonOf, emailFrame, paragraphOf, unsubscribeFooterOf } from './email-frame'
import { emailTexts, fill } from './email-texts'
import { escapeHtml, type RenderedEmail } from './render-email'

/** Why an unconfirmed address is written to: an agent's reply waits, or a transcript was asked for. */
export type ConfirmReason = 'reply' | 'transcript'

export type ConfirmView = {
  lang: Language
  site: string
  color: string
  reason: ConfirmReason
  /** The one-click confirmation link (GET shows a page whose button confirms). */
  confirmUrl: string
  unsubscribeUrl: string
}

/**
 * The "confirm your address" e-mail: why it came, the confirmation link, and nothing of
 * the conversation (no agent's words, no resume link, no reply address), since the
 * address may be a stranger's that a visitor typed.
 *
 * @example renderConfirm({ lang: 'en', site: 'Northwind', reason: 'reply', confirmUrl, ... })
 */
export function renderConfirm(view: ConfirmView): RenderedEmail {
  const t = confirmTexts(view.lang)
  const m = emailTexts(view.lang)
  const site = view.site
  const subject = fill(t.subject, { site }).replace(/[\r\n]+/g, ' ')
  const why = fill(view.reason === 'reply' ? t.reply : t.transcript, { site })
  const footer = fill(m.why, { site })
  const text = [
    why,
    '',
    `${t.button}: ${view.confirmUrl}`,
    '',
    t.ignore,
    '',
    '-- ',
    footer,
    `${m.unsubscribe}: ${view.unsubscribeUrl}`,
  ]
  const body = [
    paragraphOf(escapeHtml(why)),
    buttonOf(view.confirmUrl, t.button, view.color),
    paragraphOf(escapeHtml(t.ignore)),
  ].join('\n')
  return {
    subject,
    text: `${text.join('\n')}\n`,
    html: emailFrame({
      lang: view.lang,
      subject,
      site,
      color: view.color,
      body,
      footer: unsubscribeFooterOf(footer, m.unsubscribe, view.unsubscribeUrl),
    }),
  }
}
