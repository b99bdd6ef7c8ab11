// The one table `npm run bench` prints: metric | Porthole | baseline | ratio | target | met?

export const VERDICTS = ['yes', 'NO', '—', 'n/a'] as const
export type Verdict = (typeof VERDICTS)[number]

export type Row = {
  metric: string
  porthole: string
  baseline: string
  ratio: string
  target: string
  met: Verdict
}

const COLUMNS: readonly (readonly [keyof Row, string])[] = [
  ['metric', 'metric'],
  ['porthole', 'Porthole'],
  ['baseline', 'baseline'],
  ['ratio', 'ratio'],
  ['target', 'target'],
  ['met', 'met?'],
]

export function formatTable(rows: readonly Row[]): string {
  const widths = COLUMNS.map(([key, title]) =>
    Math.max(title.length, ...rows.map((row) => row[key].length)),
  )
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`
  return [
    line(COLUMNS.map(([, title]) => title)),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map((row) => line(COLUMNS.map(([key]) => row[key]))),
  ].join('\n')
}
