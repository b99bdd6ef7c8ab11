import type {
  ArticleResult,
  ArticleSearchAnswer,
  BlockNode,
  PublicArticle,
} from '../../shared/help/article-tree'
import { isRecord, isString } from './read'

// The help routes' answers (GET /api/help/search, /featured, /articles/:id), read by hand
// like the widget's other bodies: an answer of another shape is refused, a result with a
// field missing is left out, so nothing unexpected reaches rendering.

const HTTP = /^https?:\/\//i
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

function result(value: unknown): ArticleResult | undefined {
  if (!isRecord(value)) return undefined
  const { id, title, snippet, url } = value
  return isString(id) && isString(title) && isString(snippet) && isString(url) && HTTP.test(url)
    ? { id, title, snippet, url }
    : undefined
}

const results = (value: unknown): ArticleResult[] =>
  list(value)
    .map(result)
    .filter((each): each is ArticleResult => each !== undefined)

/** GET /api/help/search's answer; undefined when it is not one. */
export function parseSearchAnswer(value: unknown): ArticleSearchAnswer | undefined {
  if (!isRecord(value) || !Array.isArray(value.results)) return undefined
  return { results: results(value.results), confident: value.confident === true }
}

/** GET /api/help/featured's answer: its results (none when unreadable). */
export const parseFeatured = (value: unknown): ArticleResult[] =>
  isRecord(value) ? results(value.results) : []

const inlines = (value: unknown): boolean => Array.isArray(value) && value.every(inline)

function inline(node: unknown): boolean {
  if (!isRecord(node)) return false
  switch (node.type) {
    case 'text':
    case 'code':
      return isString(node.text)
    case 'image':
      return isString(node.src) && isString(node.alt)
    case 'link':
      return isString(node.href) && inlines(node.children)
    case 'strong':
    case 'em':
      return inlines(node.children)
    default:
      // A kind this widget does not know draws nothing (ArticleBlocks).
      return true
  }
}

const blocks = (value: unknown): boolean => Array.isArray(value) && value.every(block)

function block(node: unknown): boolean {
  if (!isRecord(node)) return false
  switch (node.type) {
    case 'heading':
    case 'paragraph':
      return inlines(node.children)
    case 'quote':
      return blocks(node.children)
    case 'list':
      return Array.isArray(node.items) && node.items.every(blocks)
    case 'code':
      return isString(node.text)
    case 'table':
      return (
        Array.isArray(node.align) &&
        Array.isArray(node.header) &&
        node.header.every(inlines) &&
        Array.isArray(node.rows) &&
        node.rows.every((row) => Array.isArray(row) && row.every(inlines))
      )
    default:
      return true
  }
}

/** GET /api/help/articles/:id's answer; undefined when it is not one. */
export function parseArticle(value: unknown): PublicArticle | undefined {
  if (!isRecord(value)) return undefined
  const { id, title, language, category, url, blocks: body, updatedAt } = value
  if (!isString(id) || !isString(title) || !isString(url) || !HTTP.test(url) || !blocks(body))
    return undefined
  return {
    id,
    title,
    language: isString(language) ? language : '',
    ...(isString(category) ? { category } : {}),
    url,
    blocks: body as BlockNode[],
    updatedAt: typeof updatedAt === 'number' ? updatedAt : 0,
  }
}
