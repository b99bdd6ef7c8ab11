// An article's Markdown as plain text blocks for indexing and snippets: headings,
// paragraphs, list items and table rows, with the Markdown marks taken out. Every pattern
// here is linear (no pattern scans past a character that could start its next match).

export type TextBlock = {
  kind: 'heading' | 'text'
  text: string
}

const FENCE = /^\s*(```|~~~)/
const HEADING = /^\s{0,3}#{1,6}\s+(.*)$/
const SETEXT_UNDERLINE = /^\s{0,3}(=+|-+)\s*$/
const WORD_CHAR = /[\p{L}\p{N}]/u
const LIST_MARK = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/
const QUOTE_MARK = /^\s*(?:>\s?)+/
/** Matched against the line without its spaces. */
const TABLE_RULE = /^\|?:?-{2,}:?(?:\|:?-{2,}:?)*\|?$/

/** Inline Markdown to text: links keep their words, images their alt, HTML tags go. */
export function inlineText(line: string): string {
  return line
    .replace(/<[^<>]*>/g, ' ')
    .replace(/\]\([^)\s\]]*(?:\s+"[^"\]]*")?\)/g, ']')
    .replace(/!?\[|\]/g, '')
    .replace(/[*`]+|~~/g, '')
    .replace(/_+/g, (run, at: number, whole: string) =>
      WORD_CHAR.test(whole[at - 1] ?? '') && WORD_CHAR.test(whole[at + run.length] ?? '')
        ? run
        : '',
    )
    .replace(/&(?:nbsp|amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

/** `Title ##` → `Title`, by a loop: a pattern for it backtracks on long runs of `#`. */
function withoutClosingHashes(text: string): string {
  let end = text.length
  while (end > 0 && /\s/.test(text[end - 1] ?? '')) end--
  const hashesEnd = end
  while (end > 0 && text[end - 1] === '#') end--
  if (end === 0 || end === hashesEnd || !/\s/.test(text[end - 1] ?? '')) end = hashesEnd
  return text.slice(0, end)
}

/** The blocks of a Markdown text, in order. Code blocks count as text (people search them). */
export function plainBlocks(markdown: string): TextBlock[] {
  const blocks: TextBlock[] = []
  let paragraph: string[] = []
  const flush = () => {
    const text = inlineText(paragraph.join(' '))
    if (text) blocks.push({ kind: 'text', text })
    paragraph = []
  }
  let inFence = false
  for (const line of markdown.split(/\r\n?|\n/)) {
    if (FENCE.test(line)) {
      flush()
      inFence = !inFence
      continue
    }
    if (inFence) {
      paragraph.push(line)
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      const text = inlineText(withoutClosingHashes(heading[1] ?? ''))
      if (text) blocks.push({ kind: 'heading', text })
    } else if (SETEXT_UNDERLINE.test(line) && paragraph.length === 1) {
      const text = inlineText(paragraph[0] ?? '')
      paragraph = []
      if (text) blocks.push({ kind: 'heading', text })
    } else if (line.trim() === '' || TABLE_RULE.test(line.replace(/\s+/g, ''))) {
      flush()
    } else if (LIST_MARK.test(line) || line.includes('|')) {
      flush()
      paragraph.push(line.replace(LIST_MARK, '').replace(/\|/g, ' '))
      flush()
    } else {
      paragraph.push(line.replace(QUOTE_MARK, ''))
    }
  }
  flush()
  return blocks
}
