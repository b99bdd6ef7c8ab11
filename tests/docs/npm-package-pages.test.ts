import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findRepoRoot } from '../../server/assets/repo-root'

// Issue 35, defect 6: `npm install @porthole/chat` fails until the package is on the npm
// registry, so every page a reader follows that names it says how to install it from the
// repository (or links to the section that does).

const ROOT = findRepoRoot()
const pages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pages(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  )
const READERS = [
  join(ROOT, 'README.md'),
  join(ROOT, 'packages/porthole/README.md'),
  ...pages(join(ROOT, 'docs/site-owners')),
  ...pages(join(ROOT, 'docs/integrators')),
]

describe('pages that name @porthole/chat', () => {
  it('say how to install it before it is published', () => {
    const named = READERS.filter((page) => readFileSync(page, 'utf8').includes('@porthole/chat'))
    expect(named.length).toBeGreaterThanOrEqual(4)
    for (const page of named) {
      const text = readFileSync(page, 'utf8')
      expect(
        /\bnpm pack\b/.test(text) || text.includes('react-vue.md#install'),
        `${relative(ROOT, page)} names @porthole/chat without saying how to install it from the repository (\`npm pack\`, or a link to react-vue.md#install)`,
      ).toBe(true)
    }
  })
})
