import { lexer, type Token, type Tokens } from 'marked'
import type { BlockNode, InlineNode } from './article-tree'

// An article's Markdown (CommonMark with tables) as the plain-data tree of article-tree.ts.
// Raw HTML never survives: a block of HTML and an inline tag both become their text, so
// `<script>` shows as the characters typed. Links keep http(s) and mailto targets only,
// images http(s) only; anything else keeps its text (a link) or its alt text (an image).

const LINK_SCHEMES = /^(?:https?:\/\/|mailto:)/i
const IMAGE_SCHEMES = /^https?:\/\//i
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp|#39));/gi
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  '#39': "'",
}

/** `text` with the HTML entities marked leaves in tokens decoded (numeric and the common named ones). */
function decode(text: string): string {
  return text.replace(ENTITY, (whole, decimal?: string, hex?: string, name?: string) => {
    const code = decimal ? Number(decimal) : hex ? Number.parseInt(hex, 16) : undefined
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    return NAMED[(name ?? '').toLowerCase()] ?? whole
  })
}

/** A link or image target if its scheme is allowed, else undefined. */
export function safeHref(href: string, image = false): string | undefined {
  const trimmed = decode(href).trim()
  return (image ? IMAGE_SCHEMES : LINK_SCHEMES).test(trimmed) ? trimmed : undefined
}

function pushText(nodes: InlineNode[], text: string) {
  if (text === '') return
  const last = nodes.at(-1)
  if (last?.type === 'text') last.text += text
  else nodes.push({ type: 'text', text })
}

function inline(tokens: Token[] | undefined): InlineNode[] {
  const nodes: InlineNode[] = []
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
      case 'em':
        nodes.push({ type: token.type, children: inline(token.tokens) })
        break
      case 'del':
        nodes.push(...inline(token.tokens))
        break
      case 'codespan':
        nodes.push({ type: 'code', text: decode(token.text) })
        break
      case 'br':
        nodes.push({ type: 'break' })
        break
      case 'link': {
        const href = safeHref(token.href)
        const children = inline(token.tokens)
        if (href) nodes.push({ type: 'link', href, children })
        else
          for (const child of children)
            child.type === 'text' ? pushText(nodes, child.text) : nodes.push(child)
        break
      }
      case 'image': {
        const src = safeHref(token.href, true)
        if (src) nodes.push({ type: 'image', src, alt: decode(token.text) })
        else pushText(nodes, decode(token.text))
        break
      }
      case 'text':
        if ('tokens' in token && token.tokens?.length) {
          for (const child of inline(token.tokens))
            child.type === 'text' ? pushText(nodes, child.text) : nodes.push(child)
        } else pushText(nodes, decode(token.text))
        break
      case 'escape':
        pushText(nodes, token.text)
        break
      default:
        // html and anything unknown: the characters as typed.
        pushText(nodes, decode(token.raw))
    }
  }
  return nodes
}

function block(token: Token): BlockNode[] {
  switch (token.type) {
    case 'heading':
      return [
        {
          type: 'heading',
          level: Math.min(6, Math.max(1, token.depth)) as 1 | 2 | 3 | 4 | 5 | 6,
          children: inline(token.tokens),
        },
      ]
    case 'paragraph':
    case 'text':
      return [
        { type: 'paragraph', children: inline(token.tokens ?? [{ ...token, tokens: undefined }]) },
      ]
    case 'list': {
      const list = token as Tokens.List
      const start = typeof list.start === 'number' && list.start !== 1 ? { start: list.start } : {}
      return [
        {
          type: 'list',
          ordered: list.ordered,
          ...start,
          items: list.items.map((item) => blocks(item.tokens)),
        },
      ]
    }
    case 'table': {
      const table = token as Tokens.Table
      return [
        {
          type: 'table',
          align: table.align.map((align) => align ?? null),
          header: table.header.map((cell) => inline(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => inline(cell.tokens))),
        },
      ]
    }
    case 'code': {
      const lang = (token.lang ?? '').trim().split(/\s/)[0]
      return [{ type: 'code', text: token.text, ...(lang ? { lang } : {}) }]
    }
    case 'blockquote':
      return [{ type: 'quote', children: blocks(token.tokens) }]
    case 'hr':
      return [{ type: 'rule' }]
    case 'html': {
      const text = decode(token.raw).trim()
      return text ? [{ type: 'paragraph', children: [{ type: 'text', text }] }] : []
    }
    default:
      return []
  }
}

function blocks(tokens: Token[] | undefined): BlockNode[] {
  return (tokens ?? []).flatMap(block)
}

/**
 * The article body `markdown` as blocks. Pure; the caller bounds the size (an article is
 * at most 200 KB).
 *
 * @example markdownTree('## Returns\n\nWithin **30 days**.') // [{ type: 'heading', level: 2, … }, { type: 'paragraph', … }]
 */
export function markdownTree(markdown: string): BlockNode[] {
  try {
    return blocks(lexer(markdown, { gfm: true }))
  } catch (error) {
    // Thousands of nested quotes or lists exhaust the parser's stack: such a body is
    // shown as its paragraphs of plain text rather than refused.
    if (!(error instanceof RangeError)) throw error
    return markdown
      .split(/\n[ \t]*\n/)
      .map((text) => text.trim())
      .filter((text) => text !== '')
      .map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }))
  }
}

function inlineText(nodes: InlineNode[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' || node.type === 'code'
        ? node.text
        : node.type === 'image'
          ? node.alt
          : node.type === 'break'
            ? '\n'
            : inlineText(node.children),
    )
    .join('')
}

/** The blocks' words as plain text, one line a paragraph, heading, list item or table row. */
export function treeText(tree: BlockNode[]): string {
  const lines: string[] = []
  const walk = (node: BlockNode) => {
    if (node.type === 'heading' || node.type === 'paragraph') lines.push(inlineText(node.children))
    else if (node.type === 'list') for (const item of node.items) item.forEach(walk)
    else if (node.type === 'table')
      for (const row of [node.header, ...node.rows]) lines.push(row.map(inlineText).join(' · '))
    else if (node.type === 'code') lines.push(node.text)
    else if (node.type === 'quote') node.children.forEach(walk)
  }
  tree.forEach(walk)
  return lines.join('\n')
}
