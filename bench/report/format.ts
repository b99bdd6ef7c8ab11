// How figures print in the table: a median with its spread over the runs.
import type { Spread } from '../lib/stats'
import type { Verdict } from '../lib/table'

export const KB = 1024

export type Unit = { digits: number; suffix: string; scale?: number }

export const MS: Unit = { digits: 1, suffix: ' ms' }
export const CPU_MS: Unit = { digits: 3, suffix: ' ms' }
export const KBYTES: Unit = { digits: 1, suffix: ' KB', scale: 1 / KB }
export const PER_SECOND: Unit = { digits: 0, suffix: '/s' }
export const COUNT: Unit = { digits: 0, suffix: '' }
export const SCORE: Unit = { digits: 0, suffix: '' }
export const CLS: Unit = { digits: 3, suffix: '' }

const number = (value: number, unit: Unit) => (value * (unit.scale ?? 1)).toFixed(unit.digits)

export const one = (value: number | undefined, unit: Unit) =>
  value === undefined ? '—' : `${number(value, unit)}${unit.suffix}`

/** "median (min–max)"; the median alone when the runs agree or there was one run. */
export function withSpread(spread: Spread | undefined, unit: Unit): string {
  if (!spread) return '—'
  const median = one(spread.median, unit)
  const low = number(spread.min, unit)
  const high = number(spread.max, unit)
  return low === high ? median : `${median} (${low}–${high})`
}

export const ratioOf = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b ? `${(a / b).toFixed(2)}x` : '—'

export const verdict = (ok: boolean): Verdict => (ok ? 'yes' : 'NO')
