import { isHttpUrl } from '../../../shared/url'
import type { ConversationEntry, EntryContent, Language } from '../../../shared/widget-api'
import { RTL_LANGUAGES } from '../../../shared/widget-api'
import { emailTexts, fill } from './email-texts'

/** What an e-mail shows beside the entries. */
export type EmailView = {
  lang: Language
  /** The site's name (EMAIL_FROM's display name, else the site's host). */
  site: string
  /** The site's accent colour (settings `color`), `#rgb`… `#rrggbbaa`. */
  color: string
  continueUrl: string
  unsubscribeUrl: string
  /** True when replying to the e-mail reaches the agents (EMAIL_REPLY_DOMAIN). */
  canReply: boolean
  /** PUBLIC_URL: only images under `{publicUrl}/files/` are shown (no remote images). */
  publicUrl: string
}

export type RenderedEmail = { subject: string; text: string; html: string }

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

const HEX_COLOR = /^#[0-9a-fA-F]{3,8}$/

/** True for an image served by this Porthole (an attachment or its thumbnail), never a remote one. */
export function isOwnFileUrl(url: string, publicUrl: string): boolean {
  try {
    const target = new URL(url)
    const own = new URL(publicUrl)
    const base = own.pathname.replace(/\/+$/, '')
    return target.origin === own.origin && target.pathname.startsWith(`${base}/files/`)
  } catch {
    return false
  }
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

type Piece = { text: string } | { link: string; label: string; thumb?: string }

/** What one entry shows: its text, or a link to its file or place (with an own thumbnail). */
export function pieceOf(content: EntryContent, view: EmailView): Piece {
  const t = emailTexts(view.lang)
  if (content.type === 'text') return { text: content.text }
  if (content.type === 'location') {
    const at = `${content.latitude}, ${content.longitude}`
    return {
      link: `https://www.openstreetmap.org/?mlat=${content.latitude}&mlon=${content.longitude}`,
      label: `${t.location}: ${content.text ?? at}`,
    }
  }
  const label = `${t.attachment}: ${content.file_name} (${formatSize(content.file_size)})`
  const image = content.type === 'photo' ? (content.thumb ?? content.file) : undefined
  const thumb = image && isOwnFileUrl(image, view.publicUrl) ? image : undefined
  return { link: content.file, label, ...(thumb ? { thumb } : {}) }
}

/** Agents' replies in a row by one agent share one heading. */
function byAuthor(entries: ConversationEntry[], fallback: string) {
  const groups: { name: string; entries: ConversationEntry[] }[] = []
  for (const entry of entries) {
    const name = entry.name?.trim() || fallback
    const last = groups.at(-1)
    if (last && last.name === name) last.entries.push(entry)
    else groups.push({ name, entries: [entry] })
  }
  return groups
}

/**
 * The missed-replies e-mail of `entries` (agent replies, oldest first): subject, plain
 * text and HTML. The HTML escapes everything agents, visitors and the site owner wrote
 * and shows no remote image: only photo thumbnails served by this Porthole.
 *
 * @example renderEmail(entries, { lang: 'en', site: 'Northwind', color: '#1f6feb', ... })
 */
export function renderEmail(entries: ConversationEntry[], view: EmailView): RenderedEmail {
  const t = emailTexts(view.lang)
  const site = view.site
  const subject = (
    entries.length === 1
      ? fill(t.subjectOne, { site })
      : fill(t.subjectMany, { site, count: entries.length })
  ).replace(/[\r\n]+/g, ' ')
  const groups = byAuthor(entries, t.agent)
  return {
    subject,
    text: renderText(groups, view),
    html: renderHtml(groups, view, subject),
  }
}

function renderText(groups: ReturnType<typeof byAuthor>, view: EmailView): string {
  const t = emailTexts(view.lang)
  const lines: string[] = [fill(t.intro, { site: view.site }), '']
  for (const group of groups) {
    lines.push(`${group.name}:`)
    for (const entry of group.entries) {
      const piece = pieceOf(entry.content, view)
      lines.push('text' in piece ? piece.text : `${piece.label}: ${piece.link}`, '')
    }
  }
  lines.push(`${t.continueLabel}: ${view.continueUrl}`)
  if (view.canReply) lines.push(t.replyHint)
  lines.push(
    '',
    '-- ',
    fill(t.why, { site: view.site }),
    `${t.unsubscribe}: ${view.unsubscribeUrl}`,
  )
  return `${lines.join('\n')}\n`
}

/** The attribute that lets a paragraph take the direction of its own text. */
const AUTO = ' dir="auto"'

/** A link's href: only http(s) URLs (never `javascript:`), escaped for the attribute. */
const href = (url: string) => escapeHtml(isHttpUrl(url) ? url : 'about:blank')

function renderHtml(groups: ReturnType<typeof byAuthor>, view: EmailView, subject: string): string {
  const t = emailTexts(view.lang)
  const e = escapeHtml
  const color = HEX_COLOR.test(view.color) ? view.color : '#1f6feb'
  // `dir="auto"` on what people wrote: an English reply in an Arabic e-mail keeps its
  // full stop on the right, and a Latin name its order.
  const paragraph = (html: string, dir = '') =>
    `<p${dir} style="margin:0 0 12px;font-size:15px;line-height:1.5;color:#1a1a1a">${html}</p>`
  const body: string[] = []
  for (const group of groups) {
    body.push(
      `<p dir="auto" style="margin:16px 0 6px;font-size:13px;font-weight:bold;color:${color}">${e(group.name)}</p>`,
    )
    for (const entry of group.entries) {
      const piece = pieceOf(entry.content, view)
      if ('text' in piece) {
        body.push(paragraph(e(piece.text).replace(/\r?\n/g, '<br>'), AUTO))
        continue
      }
      const image = piece.thumb
        ? `<a href="${href(piece.link)}"><img src="${href(piece.thumb)}" alt="${e(piece.label)}" width="240" style="display:block;max-width:240px;border:0;border-radius:6px;margin:0 0 6px"></a>`
        : ''
      body.push(
        `${image}${paragraph(`<a href="${href(piece.link)}" style="color:${color}">${e(piece.label)}</a>`, AUTO)}`,
      )
    }
  }
  const reply = view.canReply ? paragraph(e(t.replyHint)) : ''
  return `<!doctype html>
<html lang="${view.lang}"${RTL_LANGUAGES.some((rtl) => rtl === view.lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border-top:4px solid ${color}">
<tr><td style="padding:24px">
<p dir="auto" style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#1a1a1a">${e(view.site)}</p>
${paragraph(e(fill(t.intro, { site: view.site })))}
${body.join('\n')}
<p style="margin:24px 0 12px"><a href="${href(view.continueUrl)}" style="display:inline-block;padding:12px 20px;background:${color};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${e(t.continueLabel)}</a></p>
${reply}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#6b6b6b">${e(fill(t.why, { site: view.site }))} <a href="${href(view.unsubscribeUrl)}" style="color:#6b6b6b">${e(t.unsubscribe)}</a></p>
</td></tr></table>
</body></html>
`
}
