import type { ConversationEntry, Language } from '../../../shared/widget-api'
import { accentOf, emailFrame, hrefOf, paragraphOf, unsubscribeFooterOf } from './email-frame'
import { emailTexts, fill } from './email-texts'
import { type EmailView, escapeHtml, pieceOf, type RenderedEmail } from './render-email'
import { transcriptTexts } from './transcript-texts'

/** What a transcript shows beside the entries. */
export type TranscriptView = Pick<EmailView, 'site' | 'color' | 'publicUrl' | 'unsubscribeUrl'> & {
  lang: Language
}

/** `2026-11-25 19:40` in UTC: the same for every reader, whatever the server's zone. */
export function transcriptTime(at: number): string {
  return new Date(at).toISOString().slice(0, 16).replace('T', ' ')
}

function authorOf(entry: ConversationEntry, lang: Language): string {
  const t = transcriptTexts(lang)
  if (entry.author === 'visitor') return t.you
  return entry.name?.trim() || (entry.author === 'bot' ? t.bot : t.agent)
}

/**
 * The transcript e-mail of one conversation (its messages, oldest first): subject, plain
 * text and HTML, each message with its author and time (UTC), and an unsubscribe link.
 * The HTML escapes everything agents, visitors and the site owner wrote and shows no image
 * at all (links only).
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
    canReply: false,
  }
  const text: string[] = [fill(t.intro, { site }), '']
  const rows: string[] = []
  const color = accentOf(view.color)
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
        : `<a href="${hrefOf(piece.link)}" style="color:${color}">${e(piece.label)}</a>`
    rows.push(
      `<p style="margin:14px 0 2px;font-size:12px;color:#6b6b6b"><b dir="auto" style="color:${entry.author === 'visitor' ? '#1a1a1a' : color}">${e(who)}</b> · ${e(when)}</p>
<p dir="auto" style="margin:0;font-size:15px;line-height:1.5;color:#1a1a1a">${body}</p>`,
    )
  }
  if (entries.length === 0) {
    text.push(t.empty, '')
    rows.push(`<p style="margin:0;color:#6b6b6b">${e(t.empty)}</p>`)
  }
  const m = emailTexts(view.lang)
  text.push('-- ', fill(t.footer, { site }), `${m.unsubscribe}: ${view.unsubscribeUrl}`)
  const html = emailFrame({
    lang: view.lang,
    subject,
    site,
    color: view.color,
    body: `${paragraphOf(e(fill(t.intro, { site })))}\n${rows.join('\n')}`,
    footer: unsubscribeFooterOf(fill(t.footer, { site }), m.unsubscribe, view.unsubscribeUrl),
  })
  return { subject, text: `${text.join('\n')}\n`, html }
}
