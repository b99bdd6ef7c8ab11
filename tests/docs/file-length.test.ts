import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// No production source file over 300 lines of code (issue 27): the code of server/,
// shared/, widget/, studio/ and demo/ (.ts, .tsx, .js, .mjs; declarations, tests, built
// output and node_modules left out). Blank lines and lines of comments only do not
// count: explaining a file never makes it too long. A long file is split by meaning, as the e-mail text tables
// (server/email/render/email-texts/) and the widget API (shared/widget-api/) were.

const root = fileURLToPath(new URL('../../', import.meta.url))
const TIERS = ['server', 'shared', 'widget', 'studio', 'demo']
const MAX_LINES = 300

// The files still over the limit, each with its line count today as its ceiling (it may
// shrink, never grow). Remove an entry once its file is split. None today.
const ALLOWED: Record<string, number> = {}

const SKIPPED_DIRS = new Set(['node_modules', 'dist'])

function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) files.push(...sourceFiles(path))
    } else if (/\.(?:tsx?|m?js)$/.test(name) && !/\.d\.ts$|\.test\.tsx?$/.test(name))
      files.push(path)
  }
  return files
}

/**
 * The lines of `text` holding code: not blank, not only a comment. Strings and template
 * literals are skipped whole, so a `//` or `/*` inside one is not taken for a comment.
 */
function codeLineCount(text: string): number {
  const code = new Set<number>()
  let line = 0
  let i = 0
  const mark = () => code.add(line)
  while (i < text.length) {
    const c = text[i] ?? ''
    if (c === '\n') {
      line++
      i++
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      const stop = end < 0 ? text.length : end + 2
      for (let j = i; j < stop; j++) if (text[j] === '\n') line++
      i = stop
    } else if (c === "'" || c === '"' || c === '`') {
      mark()
      i++
      // A quoted string ends at its line's end (only a template literal spans lines).
      while (i < text.length && text[i] !== c && (c === '`' || text[i] !== '\n')) {
        if (text[i] === '\\') i++
        else if (text[i] === '\n') {
          line++
          mark()
        }
        i++
      }
      if (text[i] === c) i++
    } else {
      if (!/\s/.test(c)) mark()
      i++
    }
  }
  return code.size
}

/** Each file over `max` lines and over its own ceiling in `allowed`, as "path: n lines". */
function overLong(
  lengths: Record<string, number>,
  allowed: Record<string, number>,
  max: number,
): string[] {
  return Object.entries(lengths)
    .filter(([path, lines]) => lines > Math.max(max, allowed[path] ?? 0))
    .map(([path, lines]) => `${path}: ${lines} lines`)
    .sort()
}

const lengths: Record<string, number> = Object.fromEntries(
  TIERS.flatMap((tier) => sourceFiles(join(root, tier))).map((file) => [
    relative(root, file).split('\\').join('/'),
    codeLineCount(readFileSync(file, 'utf8')),
  ]),
)

describe('production file length', () => {
  it(`finds the sources of ${TIERS.join(', ')}`, () => {
    expect(lengths['shared/widget-api.ts']).toBeGreaterThan(0)
    expect(lengths['server/app.ts']).toBeGreaterThan(0)
    expect(Object.keys(lengths).some((path) => path.includes('.test.'))).toBe(false)
  })

  it(`no production file over ${MAX_LINES} lines, nor an allowed one over its ceiling`, () => {
    expect(overLong(lengths, ALLOWED, MAX_LINES)).toEqual([])
  })

  it('allows only files that exist and are still over the limit', () => {
    const stale = Object.keys(ALLOWED).filter(
      (path) => lengths[path] === undefined || (lengths[path] ?? 0) <= MAX_LINES,
    )
    expect(stale).toEqual([])
  })

  it('counts lines of code, not blank lines nor comments', () => {
    const text = [
      '// a comment',
      '/**',
      ' * A doc comment',
      ' */',
      '',
      "const url = 'https://a.example' // a trailing comment",
      'const b = `two',
      'lines` /* inline */',
      '/* one */ const c = 1',
      "const d = '/*' + 1",
      '  ',
    ].join('\n')
    expect(codeLineCount(text)).toBe(5)
  })

  it('lists each offender with its length', () => {
    expect(
      overLong(
        { 'a.ts': 301, 'b.ts': 300, 'c.ts': 330, 'd.ts': 331 },
        { 'c.ts': 330, 'd.ts': 330 },
        300,
      ),
    ).toEqual(['a.ts: 301 lines', 'd.ts: 331 lines'])
  })
})
