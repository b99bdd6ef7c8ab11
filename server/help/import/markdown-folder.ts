import { readdir, readFile } from 'node:fs/promises'
import { basename, join, relative } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { type ArticleCheck, checkArticle, type StoredArticle } from '../article'

// A folder of Markdown files with front matter, the way docs sites keep them:
//
//   ---
//   id: returns
//   title: Returns and refunds
//   language: en
//   category: Orders
//   keywords: [refund, return label]
//   featured: true
//   ---
//   You can return any item within 30 days…

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/
const MAX_FILES = 50_000

const FrontMatter = z
  .object({
    id: z.string().optional(),
    title: z.string(),
    language: z.string(),
    category: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    url: z.string().optional(),
    featured: z.boolean().optional(),
    published: z.boolean().optional(),
  })
  .strict()

export type FolderProblem = { file: string; message: string }

/** One file's article, or why not. `fallbackId` is the file name's (without `.md`). */
export function parseMarkdownFile(text: string, fallbackId: string, now: number): ArticleCheck {
  const match = FRONT_MATTER.exec(text)
  if (!match)
    return { ok: false, problem: 'no front matter (a --- block with title and language first)' }
  let data: unknown
  try {
    data = parseYaml(match[1] ?? '', { strict: true, uniqueKeys: true, maxAliasCount: 0 })
  } catch (error) {
    return {
      ok: false,
      problem: `front matter: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
    }
  }
  const fields = FrontMatter.safeParse(data)
  if (!fields.success) {
    const issue = fields.error.issues[0]
    return {
      ok: false,
      problem: `front matter: ${issue?.path.join('.') || 'the block'}: ${issue?.message}`,
    }
  }
  const { id = fallbackId, featured = false, published = true, ...rest } = fields.data
  const body = text.slice(match[0].length).trim()
  return checkArticle(id, { ...rest, body, featured, published }, now)
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** Every article of the folder (and its subfolders), or the first file that is not one: all or nothing. */
export async function readArticleFolder(
  dir: string,
  now: number,
): Promise<{ ok: true; articles: StoredArticle[] } | ({ ok: false } & FolderProblem)> {
  const files = await markdownFiles(dir)
  if (files.length > MAX_FILES)
    return { ok: false, file: dir, message: `more than ${MAX_FILES} Markdown files` }
  const articles: StoredArticle[] = []
  const seen = new Map<string, string>()
  for (const path of files) {
    const file = relative(dir, path)
    const parsed = parseMarkdownFile(
      await readFile(path, 'utf8'),
      basename(path, '.md').toLowerCase(),
      now,
    )
    if (!parsed.ok) return { ok: false, file, message: parsed.problem }
    const id = parsed.stored.article.id
    const other = seen.get(id)
    if (other) return { ok: false, file, message: `id "${id}" is also the id of ${other}` }
    seen.set(id, file)
    articles.push(parsed.stored)
  }
  return { ok: true, articles }
}
