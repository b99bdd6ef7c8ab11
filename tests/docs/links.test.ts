import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Every relative link and image in README.md and docs/**/*.md points at a file that
// exists, and every #anchor at a heading of its page (GitHub's slugs), so moving a
// section or renaming a file cannot leave a dead link behind.

const root = fileURLToPath(new URL('../../', import.meta.url))

function markdownFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return markdownFiles(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** The page's lines outside fenced code blocks. */
function prose(markdown: string): string[] {
  let fenced = false
  return markdown.split('\n').filter((line) => {
    if (line.startsWith('```')) {
      fenced = !fenced
      return false
    }
    return !fenced
  })
}

/** GitHub's anchor for a heading: lowercase, punctuation dropped but - and _, spaces to -. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Every anchor of a page, with -1, -2… for repeated headings, as GitHub numbers them. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const line of prose(markdown)) {
    const heading = /^#{1,6} (.*)$/.exec(line)?.[1]
    if (heading === undefined) continue
    const base = slug(heading)
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    result.add(count === 0 ? base : `${base}-${count}`)
  }
  return result
}

/** The link and image targets of a page outside code (spans and blocks), in order. */
function links(markdown: string): string[] {
  return prose(markdown).flatMap((line) =>
    [...line.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(
      (match) => match[1] ?? '',
    ),
  )
}

/** The broken links of `page` (a path from the repository root), with the reason. */
function brokenLinks(page: string): string[] {
  const text = readFileSync(join(root, page), 'utf8')
  return links(text).flatMap((link) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return []
    const [path = '', anchor] = link.split('#')
    const target = path === '' ? page : join(dirname(page), path)
    if (relative(root, join(root, target)).startsWith('..'))
      return [`${link}: outside the repository`]
    if (!existsSync(join(root, target))) return [`${link}: no file ${target}`]
    if (anchor === undefined) return []
    if (!target.endsWith('.md')) return [`${link}: an anchor into a file that is not Markdown`]
    return anchors(readFileSync(join(root, target), 'utf8')).has(anchor)
      ? []
      : [`${link}: no heading #${anchor} in ${target}`]
  })
}

const pages = ['README.md', 'CHANGELOG.md', ...markdownFiles('docs')]

describe('the link reader', () => {
  it.each(
    Object.entries({
      'Benchmarks: `npm run bench`': 'benchmarks-npm-run-bench',
      'For site owners: the settings studio': 'for-site-owners-the-settings-studio',
      'Control API (`/console/api/`)': 'control-api-consoleapi',
      'B1 bot → service': 'b1-bot--service',
      'The `bot` section_x of the settings-file': 'the-bot-section_x-of-the-settings-file',
    }),
  )("makes GitHub's slug of %s: %s", (heading, anchor) => {
    expect(slug(heading)).toBe(anchor)
  })

  it('numbers repeated headings and skips code blocks', () => {
    const page = '# Measured\n\n```sh\n# not a heading\n```\n\n## Measured\n'
    expect([...anchors(page)]).toEqual(['measured', 'measured-1'])
  })

  it('finds links and images, not those in code', () => {
    const page =
      'See [a](a.md#x) and ![i](p.png "title").\n`[no](code.md)`\n```\n[no](block.md)\n```\n'
    expect(links(page)).toEqual(['a.md#x', 'p.png'])
  })
})

describe('the docs', () => {
  it('are all found', () => {
    expect(pages).toContain('docs/operators/configuration.md')
    expect(pages.length).toBeGreaterThan(15)
  })

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    expect(brokenLinks(page)).toEqual([])
  })
})
