import type { BotMessagePayload } from '../../shared/protocol'
import type { BotSettings } from '../../shared/settings/bot-rules'
import { MAX_TEXT_LENGTH } from '../../shared/text'
import { isHttpUrl } from '../../shared/url'
import { articleButtons } from '../rich-replies/article-buttons'
import type { Passage } from './prompt'

const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]()]/g, '\\$&')
const linkTarget = (url: string) => new URL(url).href.replaceAll('(', '%28').replaceAll(')', '%29')
// The widget's Markdown as plain text: the link's words and address, no emphasis marks.
const plainOf = (markdown: string) =>
  markdown
    .replace(/\[([^[\]\n]*)\]\(\s*<?([^()\s<>]*)>?\s*\)/g, '$1 ($2)')
    .replace(/(\*\*|__|\*|_)(\S(?:[^*_\n]*\S)?)\1/g, '$2')
    .replace(/\\([\\`*_[\]()])/g, '$1')

/**
 * The bot's written answer: a MARKDOWN message (the answer, then a link to each cited
 * article) with its plain-text fallback (the answer, then the articles' addresses, one a
 * line: what tells Porthole's widget it is a written answer), and the article answer's
 * buttons ("That helped" / "Talk to a person"). Undefined when the fallback would not fit
 * one chat message.
 */
export function modelAnswerMessages(
  settings: BotSettings,
  language: string,
  markdown: string,
  cited: readonly Passage[],
): BotMessagePayload[] | undefined {
  const linked = cited.filter((p) => isHttpUrl(p.url))
  const content = [
    markdown,
    linked.map((p) => `[${escapeMarkdown(p.title)}](${linkTarget(p.url)})`).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n')
  const text = [plainOf(markdown), linked.map((p) => linkTarget(p.url)).join('\n')]
    .filter(Boolean)
    .join('\n\n')
  if (text.length > MAX_TEXT_LENGTH) return undefined
  return [{ type: 'MARKDOWN', content, text }, articleButtons(settings, language)]
}

/**
 * Whether a text may be the fallback of a written answer (its last paragraph only
 * addresses): the widget looks such texts up for their Markdown. An agent's text of that
 * shape costs one look-up, nothing more.
 */
export function isModelAnswerFallback(text: string): boolean {
  const at = text.lastIndexOf('\n\n')
  if (at <= 0) return false
  const lines = text.slice(at + 2).split('\n')
  return lines.length > 0 && lines.every((line) => /^https?:\/\/\S+$/.test(line))
}
