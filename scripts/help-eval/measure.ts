// Quality, confidence and time of a search function on questions with known answers.
import type { ArticleIndex, IndexedArticle } from '../../server/help/search/types'
import type { Question } from './dataset'

export type Search = (query: string) => { ids: string[]; confident?: boolean }

export type Quality = { hit1: number; hit3: number; mrr: number; median: number; p95: number }

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0

/** CPU time of this process in ms: on a shared machine the wall clock also counts waiting. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** hit@1, hit@3, MRR (over the top 10) and the CPU time per query in ms (median, p95). */
export function quality(search: Search, questions: Question[]): Quality {
  let hit1 = 0
  let hit3 = 0
  let mrr = 0
  const times: number[] = []
  for (const { question, gold } of questions) {
    const started = cpuMs()
    const { ids } = search(question)
    times.push(cpuMs() - started)
    const rank = ids.slice(0, 10).findIndex((id) => gold.includes(id))
    if (rank === 0) hit1++
    if (rank >= 0 && rank < 3) hit3++
    if (rank >= 0) mrr += 1 / (rank + 1)
  }
  times.sort((a, b) => a - b)
  const n = questions.length
  return {
    hit1: hit1 / n,
    hit3: hit3 / n,
    mrr: mrr / n,
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
  }
}

export type Calibration = {
  /** Of the questions whose article came first: the share said confident. */
  confidentWhenRight: number
  /** Of the questions asked with their article removed: the share said not confident. */
  unsureWhenAbsent: number
}

/** `confident` on the questions answered right, and on each asked with its article left out. */
export function calibration(
  index: ArticleIndex,
  byId: Map<string, IndexedArticle>,
  questions: Question[],
): Calibration {
  let right = 0
  let rightConfident = 0
  let absentUnsure = 0
  for (const { question, gold } of questions) {
    const present = index.search(question)
    if (present.hits[0] && gold.includes(present.hits[0].id)) {
      right++
      if (present.confident) rightConfident++
    }
    for (const id of gold) index.remove(id)
    if (!index.search(question).confident) absentUnsure++
    for (const id of gold) {
      const article = byId.get(id)
      if (article) index.upsert(article)
    }
  }
  return {
    confidentWhenRight: rightConfident / Math.max(right, 1),
    unsureWhenAbsent: absentUnsure / questions.length,
  }
}
