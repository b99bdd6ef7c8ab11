import { describe, expect, it } from 'vitest'
import { readDemoArticles } from '../../support/demo-articles'

// Every file's front matter is checked as it is read (readDemoArticles throws naming the
// file and the field): exactly the keys the folder import reads.
const articles = readDemoArticles()

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
