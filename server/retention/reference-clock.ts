import { describeStep } from './clock-check'

/**
 * How far this machine's clock may differ from the conversation service's before
 * retention trusts neither (a `Date` header has whole seconds; instances drift a little).
 */
export const REFERENCE_TOLERANCE_MS = 10 * 60_000

/** Trusted, or why not: the reading that disagrees with another machine's clock. */
export type ReferenceVerdict = { trusted: true } | { trusted: false; reason: string }

/**
 * Compares this machine's clock with a clock elsewhere (the conversation service's `Date`
 * header on an A1 status answer). A clock that was already wrong when the process started
 * never steps against the monotonic clock, so only another machine can tell; no answer
 * (the service unreachable, no header) leaves the other guards to decide.
 *
 * @example const verdict = await checkAgainstReference(Date.now(), await serviceDate())
 */
export function checkAgainstReference(
  now: number,
  reference: number | undefined,
  toleranceMs = REFERENCE_TOLERANCE_MS,
): ReferenceVerdict {
  if (reference === undefined) return { trusted: true }
  const difference = now - reference
  if (Math.abs(difference) <= toleranceMs) return { trusted: true }
  return {
    trusted: false,
    reason: `this machine's clock (${new Date(now).toISOString()}) is ${describeStep(difference)} off the conversation service's (${new Date(reference).toISOString()})`,
  }
}
