import { checkArticle, type StoredArticle } from '../../../server/help/article'
import type { Article } from '../../../shared/help/article'

/** A valid stored article; override any field. */
export function createStoredArticle(
  overrides: Partial<Omit<Article, 'updatedAt'>> & { updatedAt?: number } = {},
): StoredArticle {
  const { id = 'returns', updatedAt = 1_700_000_000_000, ...fields } = overrides
  const checked = checkArticle(
    id,
    {
      title: 'Returns and refunds',
      body: 'You can return any item within **30 days** for a full refund.\n\n## How\n\nPrint the label.',
      language: 'en',
      published: true,
      featured: false,
      ...fields,
    },
    updatedAt,
  )
  if (!checked.ok) throw new Error(checked.problem)
  return checked.stored
}
