import { isHttpUrl } from '../../../shared/url'
import { type ConversationEntry, type Language, RTL_LANGUAGES } from '../../../shared/widget-api'
import { fill } from './email-texts'
import { type EmailView, escapeHtml, pieceOf, type RenderedEmail } from './render-email'
import { transcriptTexts } from './transcript-texts'

/** What a transcript shows beside the entries. */
export type TranscriptView = Pick<EmailView, 'site' | 'color' | 'publicUrl'> & { lang: Language }

/** `2026-11-25 19:40` in UTC: the same for every reader, whatever the server's zone. */
export function transcriptTime(at: number): string {
  return new Date(at).toISOString().slice(0, 16).replace('T', ' ')
}

function authorOf(entry: ConversationEntry, lang: Language): string {
  const t = transcriptTexts(lang)
  if (entry.author === 'visitor') return t.you
  return entry.name?.trim() || (entry.author === 'bot' ? t.bot : t.agent)
}

const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/
const href = (url: string) => escapeHtml(isHttpUrl(url) ? url : 'about:blank')

/**
 * The transcript e-mail of one conversation (its messages, oldest first): subject, plain
 * text and HTML, each message with its author and time (UTC). The HTML escapes everything
 * agents, visitors and the site owner wrote and shows no image at all (links only).
 *
 * @example renderTranscript(entries, { lang: 'ru', site: 'Northwind', color: '#1f6feb', publicUrl })
 */
export function renderTranscript(
  entries: ConversationEntry[],
  view: TranscriptView,
): RenderedEmail {
  const t = transcriptTexts(view.lang)
  const e = escapeHtml
  const site = view.site
  const subject = fill(t.subject, { site }).replace(/[\r\n]+/g, ' ')
  const emailView: EmailView = {
    ...view,
    continueUrl: '',
    unsubscribeUrl: '',
    canReply: false,
  }
  const text: string[] = [fill(t.intro, { site }), '']
  const rows: string[] = []
  const color = HEX_COLOR.test(view.color) ? view.color : '#1f6feb'
  for (const entry of entries) {
    const who = authorOf(entry, view.lang)
    const when = transcriptTime(entry.at)
    const piece = pieceOf(entry.content, emailView)
    text.push(
      `[${when}] ${who}:`,
      'text' in piece ? piece.text : `${piece.label}: ${piece.link}`,
      '',
    )
    const body =
      'text' in piece
        ? e(piece.text).replace(/\r?\n/g, '<br>')
        : `<a href="${href(piece.link)}" style="color:${color}">${e(piece.label)}</a>`
    rows.push(
      `<p style="margin:14px 0 2px;font-size:12px;color:#6b6b6b"><b style="color:${entry.author === 'visitor' ? '#1a1a1a' : color}">${e(who)}</b> · ${e(when)}</p>
<p style="margin:0;font-size:15px;line-height:1.5;color:#1a1a1a">${body}</p>`,
    )
  }
  if (entries.length === 0) {
    text.push(t.empty, '')
    rows.push(`<p style="margin:0;color:#6b6b6b">${e(t.empty)}</p>`)
  }
  text.push('-- ', fill(t.footer, { site }))
  const html = `<!doctype html>
<html lang="${view.lang}"${RTL_LANGUAGES.some((rtl) => rtl === view.lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:4px solid ${color}">
<tr><td style="padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#1a1a1a">${e(site)}</p>
<p style="margin:0 0 12px;font-size:15px;line-height:1.5;color:#1a1a1a">${e(fill(t.intro, { site }))}</p>
${rows.join('\n')}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#6b6b6b">${e(fill(t.footer, { site }))}</p>
</td></tr></table>
</body></html>
`
  return { subject, text: `${text.join('\n')}\n`, html }
}
