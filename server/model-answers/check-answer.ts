import { NO_ANSWER_TOKEN, type Passage } from './prompt'

/** Why a model's text is not sent to the visitor. */
export const ANSWER_FAILURES = ['no_answer', 'no_citation', 'bad_citation', 'bad_link'] as const
export type AnswerFailure = (typeof ANSWER_FAILURES)[number]

export type CheckedAnswer =
  | { ok: true; markdown: string; citations: string[] }
  | { ok: false; reason: AnswerFailure; detail: string }

const CITATION = /\[\[([^[\]\n]{1,200})\]\]/g
const MARKDOWN_LINK = /\[[^[\]\n]*\]\(\s*<?([^()\s<>]*)>?(?:\s+"[^"\n]*")?\s*\)/g
const BARE_URL = /\b(?:https?:\/\/|www\.)[^\s<>()[\]]+/gi
// The answer's own link syntax the widget would render: anything else link-like (an
// autolink, a reference link) is refused rather than guessed at.
const OTHER_LINK = /<(?:https?:|mailto:|www\.)|^\s*\[[^\]]+\]:\s*\S/im

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return false
  }
}

/**
 * Checks a model's text against the passages it was given: the no-answer token, at
 * least one citation, citations only of given passages, links only to the cited
 * articles. The answer that passes loses its citation marks (the message lists the
 * cited articles itself).
 *
 * @example checkAnswer('Returns take 30 days [[returns]].', passages) // { ok: true, markdown: 'Returns take 30 days.', citations: ['returns'] }
 */
export function checkAnswer(content: string, passages: readonly Passage[]): CheckedAnswer {
  const text = content.trim()
  if (text === '' || text.includes(NO_ANSWER_TOKEN))
    return { ok: false, reason: 'no_answer', detail: 'the model found no answer' }
  const given = new Map(passages.map((p) => [p.articleId, p]))
  const cited: string[] = []
  for (const [, id = ''] of text.matchAll(CITATION)) {
    const trimmed = id.trim()
    if (!given.has(trimmed))
      return {
        ok: false,
        reason: 'bad_citation',
        detail: `cites "${trimmed.slice(0, 80)}", not a passage it was given`,
      }
    if (!cited.includes(trimmed)) cited.push(trimmed)
  }
  if (cited.length === 0)
    return { ok: false, reason: 'no_citation', detail: 'the answer cites no passage' }
  const markdown = text
    // Each run of blanks is tried once from its start (a long run costs its length, not its square).
    .replace(/(?<![ \t])[ \t]*\[\[[^[\]\n]{1,200}\]\]/g, '')
    .replace(/(?<![ \t])[ \t]+(?=[.,;:!?])/g, '')
    .trim()
  const allowed = cited.map((id) => given.get(id)?.url ?? '')
  if (OTHER_LINK.test(markdown))
    return { ok: false, reason: 'bad_link', detail: 'a link in a form the answer may not use' }
  const linked = [...markdown.matchAll(MARKDOWN_LINK)].map((m) => m[1] ?? '')
  const rest = markdown.replace(MARKDOWN_LINK, ' ')
  // A link the pattern could not read (parentheses in its target): never guessed at.
  if (/\]\s*\(/.test(rest))
    return { ok: false, reason: 'bad_link', detail: 'a link whose address cannot be read' }
  const bare = [...rest.matchAll(BARE_URL)].map((m) => m[0].replace(/[.,;:!?]+$/, ''))
  for (const url of [...linked, ...bare]) {
    if (!allowed.some((own) => sameUrl(url, own)))
      return {
        ok: false,
        reason: 'bad_link',
        detail: `links to ${url.slice(0, 120)}, not a cited article`,
      }
  }
  return { ok: true, markdown, citations: cited }
}
