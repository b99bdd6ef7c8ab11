// Whether the first result answers the query. Calibrated by leave-one-out on the
// development set (scripts/help-eval.ts): each question asked again with its own article
// removed must mostly come out not confident, while questions answered right stay confident.
import type { Ranked } from './rerank'

export type ConfidenceRule = {
  /** The least share of the query's weight the best passage or the title must cover. */
  minCoverage: number
  /** The least lead of the first result over the second, as a share of its score. */
  minMargin: number
}

export const CONFIDENCE_RULE: ConfidenceRule = { minCoverage: 0.5, minMargin: 0.05 }

/** The features the rule reads, for the evaluation script. */
export function confidenceFeatures(first: Ranked, second: Ranked | undefined) {
  return {
    coverage: Math.max(first.passageCoverage, first.titleCoverage),
    margin: second ? (first.score - second.score) / first.score : 1,
  }
}

export function isConfident(
  first: Ranked | undefined,
  second: Ranked | undefined,
  rule: ConfidenceRule = CONFIDENCE_RULE,
): boolean {
  if (!first) return false
  const { coverage, margin } = confidenceFeatures(first, second)
  return coverage >= rule.minCoverage && margin >= rule.minMargin
}
