import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readDemoArticleFiles } from '../../support/demo-articles'

// The front matter the article import reads (`npm run articles:import -- <dir>`): exactly
// these keys, so a typo (`catgory`) fails here rather than losing the field.
const FrontMatter = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a slug'),
  title: z.string().trim().min(1),
  language: z.enum(['en', 'ru']),
  category: z.string().trim().min(1),
  keywords: z.array(z.string().trim().min(1)).min(1),
  featured: z.boolean().optional(),
})

const files = readDemoArticleFiles()
const articles = files.map(({ file, frontMatter, body }) => {
  const parsed = FrontMatter.safeParse(frontMatter)
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`)
  return { file, body, ...parsed.data }
})

describe('the demo shop’s articles (demo/articles/)', () => {
  it('are about twenty, in English and Russian, each English one with its Russian pair', () => {
    expect(articles.length).toBeGreaterThanOrEqual(18)
    const ids = new Set(articles.map((a) => a.id))
    for (const a of articles.filter((a) => a.language === 'en')) expect(ids).toContain(`${a.id}-ru`)
    for (const a of articles.filter((a) => a.language === 'ru')) {
      expect(a.id.endsWith('-ru')).toBe(true)
      expect(ids).toContain(a.id.slice(0, -3))
    }
  })

  it('name each file after its unique id', () => {
    for (const a of articles) expect(a.file).toBe(`${a.id}.md`)
    expect(new Set(articles.map((a) => a.id)).size).toBe(articles.length)
  })

  it('cover shipping, returns, sizes, payment, orders and account, with featured ones', () => {
    expect(new Set(articles.filter((a) => a.language === 'en').map((a) => a.category))).toEqual(
      new Set(['Shipping', 'Returns', 'Sizes', 'Payment', 'Orders', 'Account']),
    )
    for (const language of ['en', 'ru'])
      expect(articles.filter((a) => a.language === language && a.featured).length).toBeGreaterThan(
        2,
      )
  })

  it('have a Markdown body whose links are http(s) or mailto (others would show as text)', () => {
    for (const a of articles) {
      expect(a.body.trim().length, a.file).toBeGreaterThan(200)
      for (const [, href] of a.body.matchAll(/\]\(([^)]*)\)/g))
        expect(href, `${a.file}: ${href}`).toMatch(/^(https?:\/\/|mailto:)/)
    }
  })

  it('include a size table', () => {
    const sizes = articles.find((a) => a.id === 'size-guide')
    expect(sizes?.body).toMatch(/^\| Size \|/m)
  })
})
