// The one table `npm run bench` prints: metric | Porthole | baseline | ratio | target | met?

const COLUMNS = [
  ['metric', 'metric'],
  ['porthole', 'Porthole'],
  ['baseline', 'baseline'],
  ['ratio', 'ratio'],
  ['target', 'target'],
  ['met', 'met?'],
]

export function formatTable(rows) {
  const widths = COLUMNS.map(([key, title]) =>
    Math.max(title.length, ...rows.map((row) => String(row[key]).length)),
  )
  const line = (cells) =>
    `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`
  return [
    line(COLUMNS.map(([, title]) => title)),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map((row) => line(COLUMNS.map(([key]) => row[key]))),
  ].join('\n')
}

export const kb = (bytes) => (bytes === undefined ? '—' : `${(bytes / 1024).toFixed(1)} KB`)
export const ms = (value) => (value === undefined ? '—' : `${value.toFixed(1)} ms`)
export const perSecond = (value) => (value === undefined ? '—' : `${Math.round(value)}/s`)
