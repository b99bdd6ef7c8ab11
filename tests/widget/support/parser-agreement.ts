import fc from 'fast-check'
import { expect } from 'vitest'
import type { z } from 'zod'

/**
 * Feeds generated values to one of the widget's zod-free parsers and to the shared schema
 * it mirrors: both must accept or both refuse, and what both accept must read the same
 * (`equal`), or the schema's reading must hold the parser's (`within`, for a parser that
 * keeps only what the widget uses). Returns how many values the parser accepted, so the
 * test can check that the generator reached both sides of the rule.
 */
export function expectSameVerdicts(
  values: fc.Arbitrary<unknown>,
  ours: (value: unknown) => unknown,
  schema: z.ZodType,
  {
    numRuns,
    compare = 'equal',
    also,
  }: {
    numRuns: number
    compare?: 'equal' | 'within'
    /** A further check on what both accept. */
    also?: (parsed: unknown, theirs: unknown) => void
  },
): number {
  let accepted = 0
  fc.assert(
    fc.property(values, (value) => {
      const parsed = ours(value)
      const theirs = schema.safeParse(value)
      if (parsed) accepted++
      expect(parsed !== undefined).toBe(theirs.success)
      if (parsed && theirs.success) {
        if (compare === 'equal') expect(parsed).toEqual(theirs.data)
        else expect(theirs.data).toMatchObject(parsed as object)
        also?.(parsed, theirs.data)
      }
    }),
    { numRuns },
  )
  return accepted
}
