import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

/** The demo shop's articles (demo/articles/): Markdown files with front matter. */
export const DEMO_ARTICLES_DIR = join(import.meta.dirname, '../../demo/articles')

export type DemoArticleFile = { file: string; frontMatter: unknown; body: string }

/** Each file split into its front matter (parsed YAML, unchecked) and its Markdown body. */
export function readDemoArticleFiles(dir = DEMO_ARTICLES_DIR): DemoArticleFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8')
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)
      if (!match) throw new Error(`${file}: no front matter between --- lines at the top`)
      return { file, frontMatter: parse(match[1] ?? ''), body: match[2] ?? '' }
    })
}
