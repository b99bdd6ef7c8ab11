import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Every screenshot the docs show lives in docs/images/ (tests/docs/links.test.ts checks
// that it exists), and no image sits elsewhere under docs/.

const root = fileURLToPath(new URL('../../', import.meta.url))
const IMAGE = /\.(png|jpe?g|gif|svg|webp)$/i

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

/** The local images a page shows: Markdown `![…](path)` and HTML `<img src="path">`. */
function imagesOf(markdown: string): string[] {
  const markdownImages = [...markdown.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1])
  const htmlImages = [...markdown.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((m) => m[1])
  return [...markdownImages, ...htmlImages].filter(
    (target): target is string => target !== undefined && !/^[a-z]+:/i.test(target),
  )
}

describe('the docs images', () => {
  const pages = ['README.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))]

  it('are all in docs/images/', () => {
    const elsewhere = pages.flatMap((page) =>
      imagesOf(readFileSync(join(root, page), 'utf8'))
        .map((target) => relative(root, join(root, dirname(page), target.split('#')[0] ?? '')))
        .filter((path) => !path.startsWith('docs/images/'))
        .map((path) => `${page}: ${path}`),
    )
    expect(elsewhere, 'git mv the image to docs/images/ and fix the link').toEqual([])
  })

  it('shows some, so the check above reads the pages', () => {
    expect(
      pages.flatMap((page) => imagesOf(readFileSync(join(root, page), 'utf8'))).length,
    ).toBeGreaterThan(10)
  })

  it('leave no image under docs/ outside docs/images/', () => {
    const stray = filesUnder('docs').filter(
      (file) => IMAGE.test(file) && !file.startsWith('docs/images/'),
    )
    expect(stray).toEqual([])
  })

  it('finds Markdown and HTML images, not links or remote images', () => {
    expect(
      imagesOf(
        '![a](images/a.png) [b](b.png) <img alt="c" src="../images/c.png"> ![d](https://x.test/d.png)',
      ),
    ).toEqual(['images/a.png', '../images/c.png'])
  })
})
