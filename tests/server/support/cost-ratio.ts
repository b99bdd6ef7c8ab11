import { expect, it } from 'vitest'
import { BOUNDED_TEST_TIMEOUT_MS, runBounded } from '../../support/bounded-run'

/**
 * Times `call` on inputs made by `make` at 10× and 100× `base` in a child process (a
 * runaway is killed there, not in the runner; runBounded) and returns the ratio of
 * the two times, the best of three each: about 10 for linear work, about 100 for
 * quadratic. `setup` (imports relative to the repository root) runs first and may
 * define what `make` and `call` use; `teardown` runs last. A floor of 1 ms on the
 * smaller time keeps a clock's granularity from making a ratio out of nothing.
 *
 * @example await costRatio({ setup: "import { f } from './server/f.ts'", make: '" ".repeat(n)', call: 'f(input)', base: 1000 })
 */
export async function costRatio(options: {
  setup: string
  make: string
  call: string
  base: number
  teardown?: string
}): Promise<number> {
  const run = await runBounded(`
    ${options.setup}
    async function time(n) {
      let best = Infinity
      for (let i = 0; i < 3; i++) {
        const input = ${options.make}
        const start = performance.now()
        await ${options.call}
        best = Math.min(best, performance.now() - start)
      }
      return best
    }
    await time(${options.base})
    const small = await time(${options.base * 10})
    const large = await time(${options.base * 100})
    console.log(JSON.stringify({ small, large }))
    ${options.teardown ?? ''}
  `)
  expect(run.finished, run.stderr).toBe(true)
  const { small, large } = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}')
  return large / Math.max(small, 1)
}

/**
 * One test per hostile input shape (name → `make` expression of `n`): each asserts
 * that 100× the size costs less than 30× the time of 10× (costRatio).
 *
 * @example itScalesLinearly({ spaces: '" ".repeat(n)' }, { setup, call: 'f(input)', base: 1000 })
 */
export function itScalesLinearly(
  shapes: Record<string, string>,
  options: { setup: string; call: string; base: number; teardown?: string },
): void {
  it.each(Object.entries(shapes))(
    '%s: 100× the size costs less than 30× the time of 10×',
    async (_name, make) => {
      expect(await costRatio({ ...options, make })).toBeLessThan(30)
    },
    BOUNDED_TEST_TIMEOUT_MS,
  )
}
