import type { ArticleResult } from '../../shared/help/article-tree'
import type { BotMessagePayload } from '../../shared/protocol'
import type { BotSettings } from '../../shared/settings/bot-rules'
import { type LocalizedText, pickText } from '../../shared/settings/localized-text'
import { isHttpUrl } from '../../shared/url'
import { ARTICLE_HELPED_BUTTON_ID, articleButtons } from '../rich-replies/article-buttons'
import { normalizeText } from './matcher'

/**
 * Titles and passages are cut to these lengths, and a longer link is left out (the title
 * still names the article), so an answer's fallback fits one chat message (MAX_TEXT_LENGTH).
 */
export const MAX_ANSWER_TITLE = 200
export const MAX_ANSWER_SNIPPET = 300
export const MAX_ANSWER_URL = 400

const cut = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat
}

// The widget's Markdown (spec 2.6: links, bold, italic) reads these escaped as text.
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]()]/g, '\\$&')

/** The link target as the widget's Markdown reads it: http(s) only, no bare parentheses or spaces. */
function linkOf(url: string): string | undefined {
  if (!isHttpUrl(url)) return undefined
  const href = new URL(url).href.replaceAll('(', '%28').replaceAll(')', '%29')
  return href.length > MAX_ANSWER_URL ? undefined : href
}

/**
 * The bot's answer from an article: a MARKDOWN message (the intro, the title in bold,
 * the passage that answers, the link) and a BUTTONS message asking whether it helped,
 * each with the plain-text fallback that text-only channels show.
 */
export function articleAnswer(
  settings: BotSettings,
  language: string,
  article: ArticleResult,
): BotMessagePayload[] {
  const say = (text: LocalizedText) => pickText(text, language, settings.defaultLanguage)
  const intro = say(settings.articleIntroText)
  const title = cut(article.title, MAX_ANSWER_TITLE)
  const snippet = cut(article.snippet, MAX_ANSWER_SNIPPET)
  const link = linkOf(article.url)
  const content = [
    escapeMarkdown(intro),
    `**${escapeMarkdown(title)}**`,
    ...(snippet ? [escapeMarkdown(snippet)] : []),
    ...(link ? [`[${escapeMarkdown(say(settings.articleLinkText))}](${link})`] : []),
  ].join('\n\n')
  const text = [intro, title, ...(snippet ? [snippet] : []), ...(link ? [link] : [])].join('\n\n')
  return [{ type: 'MARKDOWN', content, text }, articleButtons(settings, language)]
}

const allTexts = (text: LocalizedText) => (typeof text === 'string' ? [text] : Object.values(text))

/**
 * Which of the article answer's buttons a message is: pressed (button_id) or typed (its
 * text in any of the settings' languages), or undefined.
 */
export function articleButtonOf(
  settings: BotSettings,
  text: string,
  buttonId: string | undefined,
): 'helped' | 'person' | undefined {
  if (buttonId === ARTICLE_HELPED_BUTTON_ID) return 'helped'
  const typed = normalizeText(text)
  if (allTexts(settings.articleHelpedButton).some((t) => normalizeText(t) === typed))
    return 'helped'
  if (allTexts(settings.articlePersonButton).some((t) => normalizeText(t) === typed))
    return 'person'
  return undefined
}

/**
 * Whether a text may be the fallback of an article answer (it starts with an intro of
 * any language) or of its buttons: the widget looks only such texts up in the store.
 */
export function isArticleFallback(settings: BotSettings, text: string): boolean {
  if (allTexts(settings.articleIntroText).some((intro) => text.startsWith(`${intro}\n\n`)))
    return true
  const languages = new Set([
    settings.defaultLanguage,
    ...[settings.articleQuestionText, settings.articleHelpedButton, settings.articlePersonButton]
      .filter((t) => typeof t !== 'string')
      .flatMap((t) => Object.keys(t)),
  ])
  return [...languages].some((language) => articleButtons(settings, language).text === text)
}
