import { z } from 'zod'
import { checkArticle, type StoredArticle } from '../article'

/** One line of an NDJSON import: the article's own fields; imported articles are published. */
const ImportLine = z.object({
  id: z.string(),
  title: z.unknown(),
  body: z.unknown(),
  language: z.unknown(),
  url: z.unknown().optional(),
  category: z.unknown().optional(),
  keywords: z.unknown().optional(),
  featured: z.boolean().optional(),
})

export type LineProblem = { line: number; message: string }

/**
 * Every article of an NDJSON text (one JSON object a line, blank lines skipped), or the
 * first line that is not one, numbered from 1: all or nothing.
 */
export function parseNdjson(
  text: string,
  now: number,
): { ok: true; articles: StoredArticle[] } | ({ ok: false } & LineProblem) {
  const articles: StoredArticle[] = []
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]?.trim() ?? ''
    if (raw === '') continue
    const line = i + 1
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      return { ok: false, line, message: 'not a JSON object' }
    }
    const fields = ImportLine.safeParse(value)
    if (!fields.success)
      return { ok: false, line, message: 'needs {"id", "title", "body", "language"} (strings)' }
    const { id, featured, ...rest } = fields.data
    const checked = checkArticle(id, { ...rest, published: true, featured: featured ?? false }, now)
    if (!checked.ok) return { ok: false, line, message: checked.problem }
    articles.push(checked.stored)
  }
  return { ok: true, articles }
}
