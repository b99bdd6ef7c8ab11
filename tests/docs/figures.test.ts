import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DOCS_FIGURES_COMMAND, figurePages, renderPages } from '../../scripts/docs-figures'
import { resolveFigure } from '../../scripts/figures/catalogue'
import { FigureError, rewriteFigures, withoutFigures } from '../../scripts/figures/markers'
import {
  type BenchRow,
  type BuildFigures,
  type FigureSources,
  isBuilt,
  readBenchRecords,
  readBuild,
} from '../../scripts/figures/sources'
import { PROSE_FIGURES } from './support/prose-figures'

// The byte and timing figures of README.md and docs/**/*.md are generated
// (scripts/docs-figures.ts): a marked figure that differs from its source fails here,
// naming it and the command that rewrites it; a figure pasted outside a marker fails
// unless tests/docs/support/prose-figures.ts says why it is not a measurement of the
// build or of a bench record. The bench figures are always checked, against the
// committed bench/results*.json. The byte figures need the build (`npm run build`; CI
// and `npm test` build first): without dist/ they are skipped, with a note.

const root = fileURLToPath(new URL('../../', import.meta.url))
const built = isBuilt(root)

/** Every marked figure that differs from its source, as "page: figure shows …, its source says …". */
function stale(sources: FigureSources, kind: 'bench' | 'build'): string[] {
  return renderPages(root, sources).flatMap(({ page, figures }) =>
    figures
      .filter(({ spec }) => spec.startsWith('build.') === (kind === 'build'))
      .filter(({ found, expected }) => expected !== undefined && found !== expected)
      .map(
        ({ spec, found, expected }) =>
          `${page}: ${spec} shows "${found}", its source says "${expected}"`,
      ),
  )
}

function markedCount(sources: FigureSources, kind: 'bench' | 'build'): number {
  return renderPages(root, sources)
    .flatMap(({ figures }) => figures)
    .filter(({ spec }) => spec.startsWith('build.') === (kind === 'build')).length
}

describe('the figures in the docs', () => {
  it('show the committed bench records (bench/results.json, results-page.json, results-tap.json)', () => {
    const sources: FigureSources = { build: undefined, bench: readBenchRecords(root) }
    expect(markedCount(sources, 'bench')).toBeGreaterThan(20)
    expect(stale(sources, 'bench'), `run npm run docs:figures`).toEqual([])
  })

  it.skipIf(!built)(
    'show the built widget\'s bytes (skipped, with a note, until "npm run build" has made dist/)',
    () => {
      const build = readBuild(root)
      const sources: FigureSources = { build, bench: readBenchRecords(root) }
      expect(markedCount(sources, 'build')).toBeGreaterThan(40)
      expect(stale(sources, 'build'), `run ${DOCS_FIGURES_COMMAND}`).toEqual([])
    },
  )

  if (!built)
    console.info(
      'tests/docs/figures.test.ts: the byte figures were not checked: no dist/ (run npm run build)',
    )
})

/** The heading path from the first `##` ("(top)" before it) of every figure-like number. */
function proseFigures(markdown: string): { section: string; figure: string; line: string }[] {
  const FIGURE =
    /(?<![\w.+-])[~≈]?\d[\d,]*(?:\.\d+)?(?: ?[–-] ?\d[\d,]*(?:\.\d+)?)? ?(?:B|KB|KiB|MB|MiB|GB|GiB|ms|µs)\b/g
  const path: string[] = []
  let fenced = false
  return withoutFigures(markdown)
    .split('\n')
    .flatMap((line) => {
      if (line.startsWith('```')) fenced = !fenced
      const heading = fenced ? null : /^(#{1,6}) (.*)$/.exec(line)
      if (heading?.[1] && heading[2] !== undefined) {
        path.length = Math.max(0, heading[1].length - 2)
        if (heading[1].length >= 2) path.push(heading[2])
      }
      const section = path.length === 0 ? '(top)' : path.join(' > ')
      return [...line.matchAll(FIGURE)].map(([figure]) => ({ section, figure, line }))
    })
}

describe('figures outside a marker', () => {
  const pages = figurePages(root).map((page) => ({
    page,
    found: proseFigures(readFileSync(`${root}${page}`, 'utf8')),
  }))
  const allowed = (page: string, section: string, figure: string) =>
    PROSE_FIGURES.some(
      (entry) => entry.page === page && entry.section === section && entry.figures.includes(figure),
    )

  it('are only limits, defaults, targets and recorded past runs (tests/docs/support/prose-figures.ts)', () => {
    const pasted = pages.flatMap(({ page, found }) =>
      found
        .filter(({ section, figure }) => !allowed(page, section, figure))
        .map(
          ({ section, figure, line }) =>
            `${page} (${section}): "${figure}" in "${line.trim().slice(0, 100)}"`,
        ),
    )
    expect(
      pasted,
      'a byte or time figure outside a marker: mark it (<!-- figure:name -->…<!-- /figure -->, then npm run docs:figures), or say in tests/docs/support/prose-figures.ts why it is not a measurement',
    ).toEqual([])
  })

  it('allow-list no figure the page no longer shows', () => {
    const unused = PROSE_FIGURES.flatMap(({ page, section, figures }) => {
      const found = pages.find((entry) => entry.page === page)?.found ?? []
      return figures
        .filter((figure) => !found.some((f) => f.section === section && f.figure === figure))
        .map((figure) => `${page} (${section}): ${figure}`)
    })
    expect(unused, 'take these out of tests/docs/support/prose-figures.ts').toEqual([])
  })

  it('are found in prose, tables and lists, but not inside markers', () => {
    const found = proseFigures(
      '# T\n\nintro 5.3 KiB\n\n## A\n\n| x | 1,234 B |\n- took 0.139 ms and 40-110 ms\n\n### B\n\n<!-- figure:build.chat -->13,161 B<!-- /figure --> then 7 KB',
    )
    expect(found.map(({ section, figure }) => `${section}: ${figure}`)).toEqual([
      '(top): 5.3 KiB',
      'A: 1,234 B',
      'A: 0.139 ms',
      'A: 40-110 ms',
      'A > B: 7 KB',
    ])
  })
})

const row = (metric: string, porthole: string, baseline = '—', ratio = '—'): BenchRow => ({
  metric,
  porthole,
  baseline,
  ratio,
  target: '—',
  met: '—',
})

function fakeSources(build?: Partial<BuildFigures>): FigureSources {
  const record = {
    date: '2026-01-01T02:03:04.000Z',
    machine: '2 cores, Linux',
    rows: [
      row(
        'page: Largest Contentful Paint',
        '755.7 ms (753.4–757.7)',
        '755.8 ms (753.6–760.0) (no widget)',
        '1.00x',
      ),
      row(
        'sqlite: server CPU per webhook (at the max rate)',
        '0.139 ms (0.138–0.151)',
        '0.091 ms',
        '1.52x',
      ),
      row('memory: server CPU per webhook (at the max rate)', '0.162 ms', '0.091 ms', '1.77x'),
      row('redis: server CPU per webhook (at the max rate)', '0.130 ms', '0.091 ms', '1.42x'),
      row(
        'tap to chat: new visitor, the tap is their first touch, page on another origin, tap to usable window',
        '327.8 ms (308.0–445.9)',
      ),
    ],
  }
  return {
    build:
      build === undefined
        ? undefined
        : ({
            firstOpen: 18587,
            brotliByChunk: { chat: 13161, 'chat.ru': 1469, 'chat.ar': 1352 },
            gzipByChunk: {},
            ...build,
          } as BuildFigures),
    bench: {
      bench: record,
      'bench-page': record,
      'bench-tap': record,
      'bench-delivery': record,
      'bench-capacity': record,
    },
  }
}

describe('the figures catalogue', () => {
  const resolve = (text: string, sources = fakeSources({})) => {
    const [name = '', ...options] = text.split(' ')
    return resolveFigure({ name, options }, sources)
  }

  const RENDERED: Record<string, Record<string, string>> = {
    'renders bytes as bytes, KiB or KB': {
      'build.first-open': '18,587 B',
      'build.first-open KiB': '18.2 KiB',
      'build.br.chat.ru': '1,469 B',
      'build.languages-br KiB': '1.3–1.4 KiB',
    },
    'renders a bench cell, its median, its baseline and rounded': {
      'bench.lcp': '755.7 ms (753.4–757.7)',
      'bench.lcp median': '755.7 ms',
      'bench.lcp baseline median': '755.8 ms',
      'bench.lcp ratio': '1.00x',
      'bench.lcp baseline bare': '755.8 ms (753.6–760.0)',
      'bench-tap.tap-cross-new round': '328 ms (308–446)',
      'bench.cpu-range': '0.130 to 0.162 ms',
      'bench.cpu-ratio-range': '1.4x to 1.8x',
      'bench.machine': '2 cores, Linux',
      'bench-tap.date': '2026-01-01',
    },
  }

  describe.each(Object.entries(RENDERED))('%s', (_, figures) => {
    it.each(Object.entries(figures))('%s → %s', (marker, text) => {
      expect(resolve(marker)).toBe(text)
    })
  })

  it('leaves a byte figure alone without the build', () => {
    expect(resolve('build.first-open', fakeSources())).toBeUndefined()
    expect(resolve('bench.lcp median', fakeSources())).toBe('755.7 ms')
  })

  it('refuses an unknown figure, row, chunk or option, naming it', () => {
    expect(() => resolve('build.nothing')).toThrow(/build\.nothing/)
    expect(() => resolve('build.br.nothing')).toThrow(FigureError)
    expect(() => resolve('bench.nothing')).toThrow(/no such bench row/)
    expect(() => resolve('elsewhere.lcp')).toThrow(/no such source/)
    expect(() => resolve('bench.tbt')).toThrow(/has 0 rows/)
    expect(() => resolve('bench.lcp KiB')).toThrow(/unknown option KiB/)
  })
})

describe('the markers', () => {
  const resolve = ({ name, options }: { name: string; options: string[] }) =>
    name === 'absent' ? undefined : `<${[name, ...options].join(' ')}>`

  it('rewrites inline and block markers, and nothing else', () => {
    const page =
      'a 5 KB <!-- figure:x KiB -->old<!-- /figure --> b\n<!-- figures:begin t -->\nold\nrows\n<!-- figures:end -->\nc 7 ms\n'
    const { text, figures } = rewriteFigures(page, resolve)
    expect(text).toBe(
      'a 5 KB <!-- figure:x KiB --><x KiB><!-- /figure --> b\n<!-- figures:begin t -->\n<t>\n<!-- figures:end -->\nc 7 ms\n',
    )
    expect(figures).toEqual([
      { spec: 't', found: 'old\nrows\n', expected: '<t>\n' },
      { spec: 'x KiB', found: 'old', expected: '<x KiB>' },
    ])
    expect(rewriteFigures(text, resolve).text).toBe(text)
  })

  it('keeps what a marker holds when its source is absent', () => {
    const page = 'a <!-- figure:absent -->12 B<!-- /figure -->'
    expect(rewriteFigures(page, resolve)).toEqual({
      text: page,
      figures: [{ spec: 'absent', found: '12 B', expected: undefined }],
    })
  })

  it('refuses a marker that is not closed', () => {
    expect(() => rewriteFigures('a <!-- figure:x -->12 B\n<!-- /figure -->', resolve)).toThrow(
      /no <!-- \/figure --> after it/,
    )
    expect(() => rewriteFigures('<!-- figures:begin t -->\nold\n', resolve)).toThrow(
      /no <!-- figures:end -->/,
    )
  })

  it('leaves a marker in code alone (an example)', () => {
    const page = 'write `<!-- figure:x KiB -->1 KiB<!-- /figure -->` and `<!-- figures:begin t -->`'
    expect(rewriteFigures(page, resolve)).toEqual({ text: page, figures: [] })
  })

  it('takes markers and what they hold out of the prose', () => {
    expect(
      withoutFigures(
        'a <!-- figure:x -->1 B<!-- /figure --> b\n<!-- figures:begin t -->\n2 B\n<!-- figures:end -->\nc',
      ),
    ).toBe('a  b\n\nc')
  })
})
