import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The architecture table in docs/contributing/architecture.md (spec interface × widget /
// server / sandbox) links the file that implements each cell; a rename that forgets the
// table fails here.

const root = fileURLToPath(new URL('../../', import.meta.url))
const PAGE = 'docs/contributing/architecture.md'
const page = readFileSync(`${root}${PAGE}`, 'utf8')
const HEADING = '## Architecture: where each spec interface lives'
const INTERFACES = [
  'A1 channel status',
  'A2 customer message',
  'A3 agent message',
  'typing (typein/typeout)',
  'media (spec 2.4)',
  'B1 bot → service',
  'B2 service → bot',
]

/** The cells of each row of the first Markdown table after `heading` (header and separator left out). */
function tableAfter(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n${heading}\n`)
  if (start < 0) throw new Error(`the page has no "${heading}" section`)
  const lines = markdown.slice(start + heading.length + 2).split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  if (first < 0) throw new Error(`no table under "${heading}"`)
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'))
  return lines.slice(first + 2, end < 0 ? undefined : end).map((line) =>
    line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim()),
  )
}

/** Every Markdown link target in `cell`, in order. */
function linksIn(cell: string): string[] {
  return [...cell.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '')
}

describe('the table reader', () => {
  it('reads a table up to its end, and the links of a cell', () => {
    const markdown =
      '\n### T\n\ntext\n\n| a | b |\n|---|---|\n| x | [`f`](a/f.ts), [g](b/g.ts) |\n\nafter\n| not | this |\n'
    const rows = tableAfter(markdown, '### T')
    expect(rows).toEqual([['x', '[`f`](a/f.ts), [g](b/g.ts)']])
    expect(linksIn(rows[0]?.[1] ?? '')).toEqual(['a/f.ts', 'b/g.ts'])
  })

  it('refuses a page without the section', () => {
    expect(() => tableAfter('# nothing\n', HEADING)).toThrow(/no "## Architecture/)
  })
})

describe("the docs' architecture table", () => {
  const rows = tableAfter(page, HEADING)

  it('has one row per spec interface, each with widget, server and sandbox columns', () => {
    expect(rows.map((cells) => cells[0])).toEqual(INTERFACES)
    for (const cells of rows) expect(cells).toHaveLength(4)
  })

  it('names a file in every cell, or — where that side takes no part; the server in every row', () => {
    for (const cells of rows) {
      for (const cell of cells.slice(1))
        if (cell !== '—') expect(linksIn(cell), `${cells[0]}: ${cell}`).not.toEqual([])
      expect(linksIn(cells[2] ?? ''), `${cells[0]}: server`).not.toEqual([])
    }
  })

  it('links only files that exist, relative to the page', () => {
    const links = rows.flatMap((cells) => cells.slice(1).flatMap(linksIn))
    expect(links.length).toBeGreaterThan(20)
    const missing = links.filter(
      (link) => link.startsWith('/') || !existsSync(join(root, dirname(PAGE), link)),
    )
    expect(missing).toEqual([])
  })

  it('shows each link with its own path as the text', () => {
    const links = rows.flatMap((cells) =>
      cells.slice(1).flatMap((cell) => [...cell.matchAll(/\[`([^`]+)`\]\(([^)]+)\)/g)]),
    )
    for (const [, text, link] of links) expect(join(dirname(PAGE), link ?? '')).toBe(text)
  })
})
