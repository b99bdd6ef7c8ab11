import { z } from 'zod'
import {
  ARTICLE_ID,
  MAX_ARTICLE_BYTES,
  MAX_CATEGORY_LENGTH,
  MAX_KEYWORD_LENGTH,
  MAX_KEYWORDS,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from './article-limits'

// An article as the help articles' admin API takes and returns it (PUT and GET
// /admin/api/help/articles/:id): the backend checks and stores it (server/help/), the
// studio edits it (studio/src/articles/).

export const ArticleId = z
  .string()
  .regex(ARTICLE_ID, 'must be a slug: a-z, 0-9 and "-", at most 100, not starting with "-"')

const ArticleUrl = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine((url) => /^https?:\/\/[^\s]+$/i.test(url) && URL.canParse(url), 'must be an http(s) URL')

const utf8 = new TextEncoder()

/** What PUT /admin/api/help/articles/:id takes. */
export const ArticleInput = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_LENGTH),
  body: z
    .string()
    .refine(
      (body) => utf8.encode(body).length <= MAX_ARTICLE_BYTES,
      `must be at most ${MAX_ARTICLE_BYTES / 1024} KB of UTF-8`,
    ),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 tag such as en or pt-BR'),
  category: z.string().trim().min(1).max(MAX_CATEGORY_LENGTH).optional(),
  keywords: z.array(z.string().trim().min(1).max(MAX_KEYWORD_LENGTH)).max(MAX_KEYWORDS).optional(),
  url: ArticleUrl.optional(),
  published: z.boolean(),
  featured: z.boolean(),
})
export type ArticleInput = z.infer<typeof ArticleInput>

/** A stored article (GET /admin/api/help/articles/:id). */
export type Article = ArticleInput & { id: string; updatedAt: number }
