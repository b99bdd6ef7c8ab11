import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'

// Test support has one home per tier (docs/contributing/testing.md, "Where support code
// goes"): tests/<tier>/support/ for what one tier uses, tests/support/ for what several
// share. Fixture folders hold data the tests read, never code they import.

/** Folders of data; their files may be code (a sample, an app to build) but none is imported. */
const FIXTURE_FOLDERS = [
  'tests/docs/fixtures/',
  'tests/packages/fixtures/',
  'tests/integrations/wordpress/fixtures/',
  'tests/server/email/inbound/fixtures/',
]

const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const TEST = /\.test\.tsx?$/
const SUPPORT = /^tests\/(?:[^/]+\/)?support\//

/** What is out of place among `files` (repository paths under tests/). */
function misplacedFiles(files: string[]): string[] {
  const problems: string[] = []
  for (const file of files) {
    if (!CODE.test(file) || FIXTURE_FOLDERS.some((folder) => file.startsWith(folder))) continue
    if (TEST.test(file)) {
      // No Vitest project includes a support folder, so a test there would never run.
      if (file.includes('/support/'))
        problems.push(
          `${file}: a test inside a support folder never runs; move it beside the tests`,
        )
    } else if (!SUPPORT.test(file)) {
      problems.push(
        `${file}: support code belongs in tests/<tier>/support/ (or tests/support/ when several tiers use it)`,
      )
    }
  }
  return problems
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+|vi\.mock\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g

/** Imports from outside a fixture folder into one (`texts` maps a path to its source). */
function fixtureImports(texts: Map<string, string>): string[] {
  const problems: string[] = []
  for (const [file, text] of texts) {
    if (FIXTURE_FOLDERS.some((folder) => file.startsWith(folder))) continue
    for (const match of text.matchAll(IMPORT)) {
      const target = normalize(join(dirname(file), match[2] ?? ''))
      const folder = FIXTURE_FOLDERS.find((fixtures) => `${target}/`.startsWith(fixtures))
      if (folder)
        problems.push(`${file} imports ${match[2]}: fixtures are data; put code in support/`)
    }
  }
  return problems
}

const testsFiles = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'tests'],
  { encoding: 'utf8' },
)
  .split('\n')
  .filter(Boolean)
  // A file deleted in the working tree but not yet in the index is gone.
  .filter((file) => existsSync(file))

describe('test support layout', () => {
  it('keeps every non-test file under tests/ in a support folder or a fixture folder', () => {
    expect(testsFiles.length).toBeGreaterThan(100)
    expect(misplacedFiles(testsFiles)).toEqual([])
  })

  it('imports nothing from a fixture folder', () => {
    // This file's own samples below are strings, not imports.
    const code = testsFiles.filter(
      (file) => CODE.test(file) && file !== 'tests/docs/test-support-layout.test.ts',
    )
    expect(fixtureImports(new Map(code.map((file) => [file, readFileSync(file, 'utf8')])))).toEqual(
      [],
    )
  })

  it('names each fixture folder it allows, and each exists', () => {
    for (const folder of FIXTURE_FOLDERS)
      expect(testsFiles.some((file) => file.startsWith(folder))).toBe(true)
  })

  it('finds what it looks for', () => {
    expect(
      misplacedFiles([
        'tests/server/bot/helpers.ts',
        'tests/widget/fixtures/fake-fetch.ts',
        'tests/server/bot/support/factories.ts',
        'tests/support/chromium.test.ts',
        'tests/server/support/test-app.ts',
        'tests/support/timeouts.ts',
        'tests/server/bot/rules.test.ts',
        'tests/docs/fixtures/tight-waits.ts',
        'tests/server/email/inbound/fixtures/gmail.eml',
        'tests/tsconfig.json',
      ]),
    ).toEqual([
      'tests/server/bot/helpers.ts: support code belongs in tests/<tier>/support/ (or tests/support/ when several tiers use it)',
      'tests/widget/fixtures/fake-fetch.ts: support code belongs in tests/<tier>/support/ (or tests/support/ when several tiers use it)',
      'tests/server/bot/support/factories.ts: support code belongs in tests/<tier>/support/ (or tests/support/ when several tiers use it)',
      'tests/support/chromium.test.ts: a test inside a support folder never runs; move it beside the tests',
    ])
    expect(
      fixtureImports(
        new Map([
          ['tests/docs/waits.test.ts', "import { x } from './fixtures/tight-waits'"],
          ['tests/docs/fine.test.ts', "import { y } from '../support/timeouts'"],
          ['tests/packages/fixtures/react-app/src/main.tsx', "import { App } from './App'"],
        ]),
      ),
    ).toEqual([
      'tests/docs/waits.test.ts imports ./fixtures/tight-waits: fixtures are data; put code in support/',
    ])
  })
})
