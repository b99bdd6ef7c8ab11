import {
  ARTICLE_ID,
  MAX_ARTICLE_BYTES,
  MAX_CATEGORY_LENGTH,
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORDS,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from '../../../shared/help/article-limits'
import type { FieldProblem } from '../api-request'
import type { ArticleInput, StoredArticle } from './help-types'

// The article editor's form as plain text fields, and the checks the backend makes too
// (the caps of shared/help/article-limits.ts), so the site owner sees a problem beside its field before saving.

/** The form: every field as typed (keywords comma-separated). */
export interface ArticleDraft {
  id: string
  title: string
  body: string
  language: string
  category: string
  keywords: string
  url: string
  published: boolean
  featured: boolean
}

export function emptyDraft(language: string, title = ''): ArticleDraft {
  return {
    id: slugOf(title),
    title,
    body: '',
    language,
    category: '',
    keywords: '',
    url: '',
    published: false,
    featured: false,
  }
}

export function draftOf(article: StoredArticle): ArticleDraft {
  return {
    id: article.id,
    title: article.title,
    body: article.body,
    language: article.language,
    category: article.category ?? '',
    keywords: (article.keywords ?? []).join(', '),
    url: article.url ?? '',
    published: article.published,
    featured: article.featured,
  }
}

const keywordsOf = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean)

/** What PUT takes: text trimmed, empty optional fields left out. */
export function inputOf(draft: ArticleDraft): ArticleInput {
  const input: ArticleInput = {
    title: draft.title.trim(),
    body: draft.body,
    language: draft.language,
    published: draft.published,
    featured: draft.featured,
  }
  const category = draft.category.trim()
  if (category) input.category = category
  const keywords = keywordsOf(draft.keywords)
  if (keywords.length > 0) input.keywords = keywords
  const url = draft.url.trim()
  if (url) input.url = url
  return input
}

/** An id from a title: "Returns & refunds" → "returns-refunds" (empty for a title in another script). */
export function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 100)
    .replace(/^-+|-+$/g, '')
}

export const sameDraft = (a: ArticleDraft, b: ArticleDraft) =>
  (Object.keys(a) as (keyof ArticleDraft)[]).every((key) => a[key] === b[key])

function httpUrl(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** The form's problems, each naming its field (`id`, `title`, …) as the backend's 400 does. */
export function draftProblems(draft: ArticleDraft, isNew: boolean): FieldProblem[] {
  const problems: FieldProblem[] = []
  const add = (path: string, message: string) => problems.push({ path, message })
  if (isNew && !ARTICLE_ID.test(draft.id))
    add(
      'id',
      'Use 1 to 100 lowercase letters a–z, digits and dashes, starting with a letter or digit (e.g. returns-policy).',
    )
  const title = draft.title.trim()
  if (!title) add('title', 'Give the article a title.')
  else if (title.length > MAX_TITLE_LENGTH)
    add('title', `At most ${MAX_TITLE_LENGTH} characters (now ${title.length}).`)
  const bytes = new TextEncoder().encode(draft.body).length
  if (bytes > MAX_ARTICLE_BYTES)
    add('body', `At most 200 KB of text (now ${Math.ceil(bytes / 1024)} KB): split the article.`)
  if (!draft.language) add('language', 'Choose the article’s language.')
  if (draft.category.trim().length > MAX_CATEGORY_LENGTH)
    add('category', `At most ${MAX_CATEGORY_LENGTH} characters.`)
  const keywords = keywordsOf(draft.keywords)
  if (keywords.length > MAX_KEYWORDS)
    add('keywords', `At most ${MAX_KEYWORDS} keywords (now ${keywords.length}).`)
  const long = keywords.find((word) => word.length > MAX_KEYWORD_LENGTH)
  if (long) add('keywords', `A keyword has at most ${MAX_KEYWORD_LENGTH} characters: “${long}”.`)
  const url = draft.url.trim()
  if (url && (url.length > MAX_URL_LENGTH || !httpUrl(url)))
    add(
      'url',
      `An http(s) address of at most ${MAX_URL_LENGTH} characters, e.g. https://shop.example/returns.`,
    )
  return problems
}
