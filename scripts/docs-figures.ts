// Rewrites the byte and timing figures of README.md and docs/**/*.md from their sources,
// inside their markers (scripts/figures/markers.ts), so no page shows a figure pasted by
// hand: the built widget's bytes as the size tests measure them, and the bench's
// committed records. Run: npm run docs:figures (after `npm run build`, or after
// `npm run bench`); --check: exit 1 when a page is out of date, write nothing.
// tests/docs/figures.test.ts fails until it is run.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { resolveFigure } from './figures/catalogue'
import { type MarkedFigure, rewriteFigures } from './figures/markers'
import { type FigureSources, readSources } from './figures/sources'

export const DOCS_FIGURES_COMMAND = 'npm run build && npm run docs:figures'

/** The pages that may hold figures: README.md and every Markdown file under docs/. */
export function figurePages(root: string): string[] {
  const under = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = `${folder}/${entry.name}`
      if (entry.isDirectory()) return under(path)
      return entry.name.endsWith('.md') ? [path] : []
    })
  return ['README.md', ...under('docs')].sort()
}

export type PageFigures = { page: string; text: string; next: string; figures: MarkedFigure[] }

/** Every page with its figures rendered from `sources` (pages without markers included). */
export function renderPages(root: string, sources: FigureSources): PageFigures[] {
  return figurePages(root).map((page) => {
    const text = readFileSync(join(root, page), 'utf8')
    try {
      const { text: next, figures } = rewriteFigures(text, (spec) => resolveFigure(spec, sources))
      return { page, text, next, figures }
    } catch (error) {
      if (error instanceof Error) error.message = `${page}: ${error.message}`
      throw error
    }
  })
}

function main(argv: readonly string[]): number {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const sources = readSources(root)
  if (sources.build === undefined) {
    process.stderr.write(
      'dist/widget or packages/porthole/dist is missing: run npm run build first (the byte figures are measured on it)\n',
    )
    return 1
  }
  const stale = renderPages(root, sources).filter(({ text, next }) => text !== next)
  if (argv.includes('--check')) {
    for (const { page } of stale)
      process.stderr.write(`${page} is out of date: run ${DOCS_FIGURES_COMMAND}\n`)
    return stale.length === 0 ? 0 : 1
  }
  for (const { page, next, figures } of stale) {
    writeFileSync(join(root, page), next)
    const changed = figures.filter(({ found, expected }) => found !== expected).length
    process.stdout.write(`${page}: ${changed} figure(s) written\n`)
  }
  if (stale.length === 0) process.stdout.write('every figure is up to date\n')
  return 0
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2))
