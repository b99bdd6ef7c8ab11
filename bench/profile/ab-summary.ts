// The arithmetic of bench/profile/webhook-ab.ts: the order of each pair and the summary line.

/** Which build runs first in pair `index` (0-based): by turns, so neither always has the warmer machine. */
export function pairOrder(index: number): ['base', 'new'] | ['new', 'base'] {
  return index % 2 === 0 ? ['base', 'new'] : ['new', 'base']
}

/** The median of `values` (the lower middle one of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN
}

/** "1.23× raw (1.10–1.40)": the median of ratios to raw and their spread. */
export function ratioSummary(ratios: readonly number[]): string {
  const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`
  return `${median(ratios).toFixed(2)}× raw (${spread})`
}
