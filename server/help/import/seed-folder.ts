import { existsSync } from 'node:fs'
import type { ArticleStore } from '../store/article-store'
import { readArticleFolder } from './markdown-folder'

/**
 * Imports the folder's articles that the store does not hold yet (the demo's shop
 * articles at `npm start`): an article edited in the studio is kept as edited. A missing
 * folder imports nothing; a bad file throws, naming it.
 */
export async function seedArticleFolder(
  dir: string,
  articles: ArticleStore,
  now: number,
): Promise<number> {
  if (!existsSync(dir)) return 0
  const read = await readArticleFolder(dir, now)
  if (!read.ok) throw new Error(`${dir}/${read.file}: ${read.message}`)
  const missing = []
  for (const stored of read.articles)
    if (!(await articles.get(stored.article.id))) missing.push(stored)
  await articles.putMany(missing)
  return missing.length
}
