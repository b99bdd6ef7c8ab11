import { z } from 'zod'
import {
  ARTICLE_ID,
  MAX_ARTICLE_BYTES,
  MAX_CATEGORY_LENGTH,
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORDS,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from '../../shared/help/article-limits'
import type { BlockNode } from '../../shared/help/article-tree'
import { markdownTree } from '../../shared/help/markdown-tree'

export { MAX_ARTICLE_BYTES, MAX_ARTICLES } from '../../shared/help/article-limits'

// An article as the backend stores it: the fields the studio edits, plus its blocks parsed
// once at save (the public routes and pages never parse Markdown again).

export const ArticleId = z
  .string()
  .regex(ARTICLE_ID, 'must be a slug: a-z, 0-9 and "-", at most 100, not starting with "-"')

const HttpUrl = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine((url) => /^https?:\/\/[^\s]+$/i.test(url) && URL.canParse(url), 'must be an http(s) URL')

/** What PUT /admin/api/help/articles/:id takes. */
export const ArticleInput = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH),
  body: z
    .string()
    .refine(
      (body) => Buffer.byteLength(body) <= MAX_ARTICLE_BYTES,
      `must be at most ${MAX_ARTICLE_BYTES / 1024} KB of UTF-8`,
    ),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 tag such as en or pt-BR'),
  category: z.string().trim().min(1).max(MAX_CATEGORY_LENGTH).optional(),
  keywords: z.array(z.string().trim().min(1).max(MAX_KEYWORD_LENGTH)).max(MAX_KEYWORDS).optional(),
  url: HttpUrl.optional(),
  published: z.boolean(),
  featured: z.boolean(),
})
export type ArticleInput = z.infer<typeof ArticleInput>

/** A stored article (GET /admin/api/help/articles/:id). */
export type Article = ArticleInput & { id: string; updatedAt: number }

/** What the store keeps: the article and its parsed body. */
export const StoredArticle = z.object({
  article: ArticleInput.extend({ id: ArticleId, updatedAt: z.number() }),
  blocks: z.array(z.custom<BlockNode>((value) => typeof value === 'object' && value !== null)),
})
export type StoredArticle = { article: Article; blocks: BlockNode[] }

/** An article checked: stored, or the first problem found. */
export type ArticleCheck = { ok: true; stored: StoredArticle } | { ok: false; problem: string }

/** The first zod problem as "field: message", for 400 answers that name the field. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid article'
  const path = issue.path.join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}

/** Validates `input` and parses its body: a StoredArticle, or the first problem. */
export function checkArticle(id: string, input: unknown, now: number): ArticleCheck {
  const checkedId = ArticleId.safeParse(id)
  if (!checkedId.success) return { ok: false, problem: `id: ${checkedId.error.issues[0]?.message}` }
  const checked = ArticleInput.safeParse(input)
  if (!checked.success) return { ok: false, problem: firstProblem(checked.error) }
  const article: Article = { ...checked.data, id, updatedAt: now }
  return { ok: true, stored: { article, blocks: markdownTree(article.body) } }
}
