import { z } from 'zod'
import { type Article, ArticleId, ArticleInput } from '../../shared/help/article'
import type { BlockNode } from '../../shared/help/article-tree'
import { markdownTree } from '../../shared/help/markdown-tree'

export { MAX_ARTICLE_BYTES, MAX_ARTICLES } from '../../shared/help/article-limits'

// An article as the backend stores it: the fields the studio edits
// (shared/help/article.ts), plus its blocks parsed once at save (the public routes and
// pages never parse Markdown again).

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
