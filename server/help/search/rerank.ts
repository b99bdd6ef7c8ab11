// Re-ranking BM25F's best candidates by how much of the question each article covers:
// in its title, in its body and in one passage (a proxy for the words standing together),
// every query word weighted by its rarity. The best passage is also the snippet's source.
import type { Candidate, Entry, LanguageIndex } from './language-index'
import type { Passage } from './passages'
import type { AnalyzedQuery } from './query'

/** How much each signal adds to an article's final score (each in 0…1 before weighting). */
export type RankWeights = { engine: number; title: number; body: number; passage: number }
export const RANK_WEIGHTS: RankWeights = { engine: 0.5, title: 2, body: 0, passage: 1 }

/** A fuzzy or prefix match counts this much of an exact one. */
const LOOSE_MATCH = 0.6

export type Ranked = {
  entry: Entry
  score: number
  engineScore: number
  titleCoverage: number
  bodyCoverage: number
  passageCoverage: number
  passage: Passage | undefined
  /** The article terms that answer the query, with how much each counts. */
  matches: Map<string, { group: number; weight: number }>
}

/** Article term → (query word it answers, how much it counts) for one candidate. */
function matchesOf(query: AnalyzedQuery, candidate: Candidate) {
  const matches = new Map<string, { group: number; weight: number }>()
  for (const term of query.terms) matches.set(term.term, { group: term.group, weight: term.weight })
  for (const found of candidate.matched) {
    if (matches.has(found)) continue
    const source = query.terms.find((term) => term.prefix && found.startsWith(term.term))
    const near =
      source ?? query.terms.find((term) => term.weight === 1 && nearWord(term.term, found))
    if (near) matches.set(found, { group: near.group, weight: LOOSE_MATCH * near.weight })
  }
  return matches
}

/** Within two edits (insertions, deletions, substitutions): a typo. Bounded by the word cap. */
function nearWord(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    previous = row
  }
  return (previous[b.length] ?? 3) <= 2
}

/** Raises `best[group]` to the weight of each term of `terms` that answers that group. */
function mark(best: number[], terms: readonly string[], matches: Ranked['matches']): void {
  for (const term of terms) {
    const match = matches.get(term)
    if (match && match.weight > (best[match.group] ?? 0)) best[match.group] = match.weight
  }
}

/** The share of the query's weight that `best` (per group, as `mark` leaves it) covers. */
function share(best: readonly number[], groupWeights: readonly number[]): number {
  let covered = 0
  let total = 0
  groupWeights.forEach((weight, group) => {
    covered += weight * (best[group] ?? 0)
    total += weight
  })
  return total > 0 ? covered / total : 0
}

/** The candidates in their final order, each with its features and best passage. */
export function rerank(
  index: LanguageIndex,
  query: AnalyzedQuery,
  candidates: Candidate[],
  weights: RankWeights = RANK_WEIGHTS,
): Ranked[] {
  const groupWeights = new Array<number>(query.groups).fill(0)
  for (const term of query.terms)
    if (term.weight === 1) groupWeights[term.group] = Math.max(index.idf(term.term), 0.1)
  const topScore = candidates[0]?.score ?? 1
  const ranked = candidates.map((candidate): Ranked => {
    const { entry } = candidate
    const matches = matchesOf(query, candidate)
    let passage: Passage | undefined
    let passageCoverage = 0
    // One pass over the body: each passage's coverage, and the whole article's on the way.
    const bodyBest = new Array<number>(query.groups).fill(0)
    for (const each of entry.passages) {
      const best = new Array<number>(query.groups).fill(0)
      mark(best, each.headingTerms, matches)
      mark(best, each.terms, matches)
      const covered = share(best, groupWeights)
      if (covered > passageCoverage) {
        passageCoverage = covered
        passage = each
      }
      best.forEach((weight, group) => {
        if (weight > (bodyBest[group] ?? 0)) bodyBest[group] = weight
      })
    }
    const titleBest = new Array<number>(query.groups).fill(0)
    mark(titleBest, entry.title, matches)
    mark(titleBest, entry.keywords, matches)
    const titleCoverage = share(titleBest, groupWeights)
    mark(bodyBest, entry.title, matches)
    mark(bodyBest, entry.keywords, matches)
    mark(bodyBest, entry.headings, matches)
    const bodyCoverage = share(bodyBest, groupWeights)
    const engineScore = candidate.score / topScore
    const score =
      weights.engine * engineScore +
      weights.title * titleCoverage +
      weights.body * bodyCoverage +
      weights.passage * passageCoverage
    return {
      entry,
      score,
      engineScore,
      titleCoverage,
      bodyCoverage,
      passageCoverage,
      passage,
      matches,
    }
  })
  return ranked.sort((a, b) => b.score - a.score)
}
