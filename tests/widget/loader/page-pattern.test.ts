import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { matchesPage } from '../../../widget/loader/page-pattern'
import { BOUNDED_TEST_TIMEOUT_MS, runBounded } from '../../support/bounded-run'

/** The old matcher: the pattern as an anchored regular expression (`*` as `.*`). */
function byRegExp(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`).test(path)
}

describe('page patterns match in linear time', () => {
  it(
    'answers at once for 20,000 slashes against /shop/*/*/*/checkout (a regular expression took hours)',
    async () => {
      const run = await runBounded(`
      import { matchesPage } from './widget/loader/page-pattern.ts'
      const pattern = '/shop/*/*/*/checkout'
      console.log(matchesPage(pattern, '/shop/' + '/'.repeat(20000)))
      console.log(matchesPage(pattern, '/shop/' + '/'.repeat(20000) + 'checkout'))
      console.log(matchesPage('*a*a*a*a*b', 'a'.repeat(20000)))
    `)
      expect(run.stderr).toBe('')
      expect(run.finished).toBe(true)
      expect(run.stdout.trim().split('\n')).toEqual(['false', 'true', 'false'])
    },
    BOUNDED_TEST_TIMEOUT_MS,
  )

  it('means what the regular expression meant', () => {
    const cases: [string, string, boolean][] = [
      ['/pricing*', '/pricing/enterprise', true],
      ['/pricing', '/pricing/enterprise', false],
      ['/blog/*/comments', '/blog/2024/comments', true],
      ['/blog/*/comments', '/blog/comments', false],
      ['*', '', true],
      ['**', '/x', true],
      ['/a*a', '/a', false],
      ['/a*a', '/aa', true],
      ['*/checkout', '/shop/checkout', true],
      ['/a.b', '/aXb', false],
    ]
    for (const [pattern, path, expected] of cases) {
      expect(byRegExp(pattern, path), `${pattern} ${path}`).toBe(expected)
      expect(matchesPage(pattern, path), `${pattern} ${path}`).toBe(expected)
    }
  })

  it('agrees with the regular expression on any pattern and path', () => {
    const text = (chars: string[]) =>
      fc.array(fc.constantFrom(...chars), { maxLength: 12 }).map((a) => a.join(''))
    fc.assert(
      fc.property(text(['/', 'a', 'b', '*', '.']), text(['/', 'a', 'b', '.']), (pattern, path) => {
        expect(matchesPage(pattern, path)).toBe(byRegExp(pattern, path))
      }),
      { numRuns: 2000 },
    )
  })
})
