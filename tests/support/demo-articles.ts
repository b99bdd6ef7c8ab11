import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { z } from 'zod'

/** The demo shop's articles (demo/articles/): Markdown files with front matter. */
export const DEMO_ARTICLES_DIR = join(import.meta.dirname, '../../demo/articles')

/**
 * The front matter the article import reads (`npm run articles:import -- <dir>`): exactly
 * these keys, so a typo (`catgory`) fails rather than losing the field.
 */
export const DemoArticleFrontMatter = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a slug'),
  title: z.string().trim().min(1),
  language: z.enum(['en', 'ru']),
  category: z.string().trim().min(1),
  keywords: z.array(z.string().trim().min(1)).min(1),
  featured: z.boolean().optional(),
})
export type DemoArticleFrontMatter = z.infer<typeof DemoArticleFrontMatter>

export type DemoArticle = DemoArticleFrontMatter & { file: string; body: string }

/** Each file's front matter, checked (an error names the file and the field), and its Markdown body. */
export function readDemoArticles(dir = DEMO_ARTICLES_DIR): DemoArticle[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8')
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)
      if (!match) throw new Error(`${file}: no front matter between --- lines at the top`)
      const parsed = DemoArticleFrontMatter.safeParse(parse(match[1] ?? ''))
      if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`)
      return { file, body: match[2] ?? '', ...parsed.data }
    })
}
