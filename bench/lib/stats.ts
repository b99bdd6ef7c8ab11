// Percentiles of one run's samples, and the median with its spread over repeated runs.

/** The p-th percentile (nearest rank) of ascending `sorted`; undefined when empty. */
export function percentile(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** A figure measured in several runs: the median, the lowest and highest, and each run's value. */
export type Spread = { median: number; min: number; max: number; runs: number[] }

/** The spread of the runs that produced a value; undefined when none did. */
export function spreadOf(values: readonly (number | undefined)[]): Spread | undefined {
  const runs = values.filter(
    (value): value is number => value !== undefined && Number.isFinite(value),
  )
  if (runs.length === 0) return undefined
  const sorted = [...runs].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return { median, min: sorted[0] as number, max: sorted.at(-1) as number, runs }
}
