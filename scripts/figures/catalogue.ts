// The figures a page may mark, by name, and how each is rendered from its source.
//   build.<figure> [KiB|KB]         a byte figure of the built widget (BUILD_FIGURES)
//   build.br.<chunk> / build.gz.<chunk> [KiB|KB]  one chunk, brotli / gzip -9 ("chat.ru")
//   build.languages-br / -gz [KiB]  the smallest and largest language file, "1.3–1.8 KiB"
//   <record>.<row> [baseline|ratio|target|met] [median|bare] [round]  a cell of a bench
//     record's row: median drops the spread and remarks, bare the remarks in brackets only
//   bench.table (a block)            bench/results.json's table as `npm run bench` prints it
//   bench.cpu-range / bench.cpu-ratio-range  the stores' CPU per webhook, lowest to highest
//   <record>.machine / <record>.date  where and on which day (YYYY-MM-DD) the record was made
// Bytes print as "13,161 B", with KiB "12.9 KiB" (KB: the bench's spelling of the same).
import { formatTable } from '../../bench/lib/table'
import { FigureError, type FigureSpec } from './markers'
import {
  BENCH_RECORDS,
  type BenchRecordName,
  type BenchRow,
  type BuildFigures,
  type FigureSources,
} from './sources'

/** Byte figures of the build (see kit/built-widget-figures.ts for what each counts). */
export const BUILD_FIGURES: Record<string, (build: BuildFigures) => number> = {
  'before-engagement': (b) => b.beforeEngagement,
  'before-engagement-hash-free': (b) => b.beforeEngagementHashFree,
  embed: (b) => b.embed,
  loader: (b) => b.loader,
  invite: (b) => b.invite,
  'with-invitation': (b) => b.withInvitation,
  chat: (b) => b.chat,
  'first-open': (b) => b.firstOpen,
  'first-open-gzip': (b) => b.firstOpenGzip,
  engine: (b) => b.engine,
  'with-engine': (b) => b.withEngine,
  'tap-path': (b) => b.tapPath.bytes,
  'loader-gzip': (b) => b.loaderGzip,
  'common-gzip': (b) => b.commonGzip,
  'chat-engine-gzip': (b) => (b.gzipByChunk.chat ?? 0) + (b.gzipByChunk.engine ?? 0),
  'package-loader-gzip': (b) => b.packageLoaderGzip,
}

/** Rows of the bench records, by a part of their metric that names one row. */
export const BENCH_ROWS: Record<string, string> = {
  'loader-gzip': 'widget: loader, gzip -9',
  'common-gzip': 'widget: common features',
  score: 'page: performance score',
  lcp: 'page: Largest Contentful Paint',
  tbt: 'page: Total Blocking Time',
  'own-blocking': "page: blocking time of the widget's own tasks",
  cls: 'page: Cumulative Layout Shift',
  script: 'widget: main-thread script',
  'before-engagement': 'widget: brotli bodies transferred before engagement',
  'first-open': 'widget: brotli bodies transferred by the first open',
  'first-message': 'widget: brotli bodies transferred by the first message sent',
  'streams-held': 'SSE: idle streams held',
  'rss-per-stream': 'SSE: RSS per idle stream',
  'beat-micros': 'SSE: heartbeat CPU per stream and beat, one instance',
  'beat-share': 'SSE: heartbeat CPU at 100000 streams every 25 s (share of one core), one instance',
  'beat-share-long': 'SSE: heartbeat CPU at 100000 streams every 45 s',
  'idle-cpu': 'SSE: idle CPU over 50 s, the whole process (share of one core), one instance',
  'pair-p99-held': 'SSE: webhooks delivered p99, 1000/s while the streams are held, two instances',
  'pair-p99-moving': 'SSE: webhooks delivered p99, 1000/s while 1000 streams move',
  'status-one': 'SSE: a status change reaching every stream, one instance',
  'status-pair': 'SSE: a status change reaching every stream, two instances',
  ...Object.fromEntries(
    ['sqlite', 'memory', 'redis'].flatMap((store) => [
      [`${store}-p50`, `${store}: delivery p50`],
      [`${store}-p99`, `${store}: delivery p99`],
      [`${store}-rate`, `${store}: max sustained webhook rate`],
      [`${store}-cpu`, `${store}: server CPU per webhook`],
      [`${store}-lost`, `${store}: acknowledged but lost`],
    ]),
  ),
  'others-cpu': 'machine: CPU used by other processes',
  status: 'status: upstream A1 calls',
  drill: 'drill: lost / duplicated',
  'tap-before-engagement': 'tap to chat: bytes before engagement on the same page',
  // Since issue 38: the page on another origin than the backend (what the docs quote), or on its own.
  'tap-cross-new': 'first touch, page on another origin, tap to usable window',
  'tap-cross-new-bytes': 'first touch, page on another origin, bytes and requests',
  'tap-cross-new-sent': 'first touch, page on another origin, Enter to "Sent"',
  'tap-cross-touched': 'touched the page before, page on another origin, tap to usable window',
  'tap-cross-returning': 'messages stored, page on another origin, tap to usable window',
  'tap-cross-returning-sent': 'messages stored, page on another origin, Enter to "Sent"',
  'tap-same-new': "first touch, page on the backend's origin, tap to usable window",
  'tap-same-new-bytes': "first touch, page on the backend's origin, bytes and requests",
  'tap-same-new-sent': 'first touch, page on the backend\'s origin, Enter to "Sent"',
  'tap-same-touched': "touched the page before, page on the backend's origin, tap to usable window",
  'tap-same-touched-sent':
    'touched the page before, page on the backend\'s origin, Enter to "Sent"',
  'tap-same-returning': "messages stored, page on the backend's origin, tap to usable window",
  'tap-same-returning-sent': 'messages stored, page on the backend\'s origin, Enter to "Sent"',
}

const KIB = 1024
const COLUMNS = ['porthole', 'baseline', 'ratio', 'target', 'met'] as const

function bytes(value: number, options: readonly string[]): string {
  if (options.includes('KiB')) return `${(value / KIB).toFixed(1)} KiB`
  if (options.includes('KB')) return `${(value / KIB).toFixed(1)} KB`
  return `${value.toLocaleString('en-US')} B`
}

function byteRange(values: readonly number[], options: readonly string[]): string {
  const low = Math.min(...values)
  const high = Math.max(...values)
  const unit = options.includes('KiB') ? ' KiB' : options.includes('KB') ? ' KB' : undefined
  if (unit === undefined) return `${bytes(low, [])}–${bytes(high, [])}`
  return `${(low / KIB).toFixed(1)}–${(high / KIB).toFixed(1)}${unit}`
}

function checkOptions(spec: FigureSpec, allowed: readonly string[]): void {
  const bad = spec.options.filter((option) => !allowed.includes(option))
  if (bad.length > 0)
    throw new FigureError(
      'bad_option',
      `${spec.name}: unknown option ${bad.join(', ')} (it takes ${allowed.join(', ') || 'none'})`,
    )
}

function buildFigure(spec: FigureSpec, build: BuildFigures): string {
  checkOptions(spec, ['KiB', 'KB'])
  const key = spec.name.slice('build.'.length)
  const chunk = /^(br|gz)\.(.+)$/.exec(key)
  if (chunk) {
    const sizes = chunk[1] === 'br' ? build.brotliByChunk : build.gzipByChunk
    const size = sizes[chunk[2] ?? '']
    if (size === undefined)
      throw new FigureError('unknown_figure', `${spec.name}: the build has no chunk ${chunk[2]}`)
    return bytes(size, spec.options)
  }
  const languages = /^languages-(br|gz)$/.exec(key)
  if (languages) {
    const sizes = languages[1] === 'br' ? build.brotliByChunk : build.gzipByChunk
    return byteRange(
      Object.entries(sizes)
        .filter(([name]) => name.startsWith('chat.'))
        .map(([, size]) => size),
      spec.options,
    )
  }
  const figure = BUILD_FIGURES[key]
  if (!figure)
    throw new FigureError(
      'unknown_figure',
      `${spec.name}: no such build figure (scripts/figures/catalogue.ts lists them)`,
    )
  return bytes(figure(build), spec.options)
}

function benchRow(record: BenchRecordName, rows: readonly BenchRow[], id: string): BenchRow {
  const part = BENCH_ROWS[id]
  if (part === undefined)
    throw new FigureError(
      'unknown_figure',
      `${record}.${id}: no such bench row (scripts/figures/catalogue.ts lists them)`,
    )
  const found = rows.filter((row) => row.metric.includes(part))
  if (found.length !== 1 || !found[0])
    throw new FigureError(
      'bad_source',
      `${record}.${id}: ${BENCH_RECORDS[record]} has ${found.length} rows "${part}", not one`,
    )
  return found[0]
}

/** "755.7 ms (753.4–757.7) (no widget)" → "755.7 ms": the figure without spread or remark. */
function median(cell: string): string {
  return cell.split(/ \(| with /)[0] ?? cell
}

/** "755.8 ms (753.6–760.0) (no widget)" → "755.8 ms (753.6–760.0)": the remarks dropped. */
function bare(cell: string): string {
  return cell.replace(/( \([^()]*[A-Za-z][^()]*\))+$/, '')
}

function round(cell: string): string {
  return cell.replace(/\d+\.\d+/g, (number) => Math.round(Number(number)).toLocaleString('en-US'))
}

/** The stores' CPU per webhook, lowest to highest median: "0.130 to 0.162 ms" or "1.4x to 1.8x". */
function cpuRange(
  record: BenchRecordName,
  rows: readonly BenchRow[],
  column: 'porthole' | 'ratio',
): string {
  const values = ['sqlite', 'memory', 'redis'].map((store) =>
    Number.parseFloat(benchRow(record, rows, `${store}-cpu`)[column]),
  )
  if (values.some(Number.isNaN))
    throw new FigureError('bad_source', `${record}: a CPU per webhook row holds no number`)
  const [low, high] = [Math.min(...values), Math.max(...values)]
  return column === 'porthole'
    ? `${low.toFixed(3)} to ${high.toFixed(3)} ms`
    : `${low.toFixed(1)}x to ${high.toFixed(1)}x`
}

function isBenchRecord(name: string): name is BenchRecordName {
  return Object.hasOwn(BENCH_RECORDS, name)
}

function benchFigure(spec: FigureSpec, sources: FigureSources): string {
  const dot = spec.name.indexOf('.')
  const record = spec.name.slice(0, dot)
  const id = spec.name.slice(dot + 1)
  if (!isBenchRecord(record))
    throw new FigureError('unknown_figure', `${spec.name}: no such source ${record}`)
  const name = record
  const rows = sources.bench[name].rows
  if (id === 'table') {
    checkOptions(spec, [])
    return ['```', formatTable(rows), '```'].join('\n')
  }
  if (id === 'machine' || id === 'date') {
    checkOptions(spec, [])
    const record = sources.bench[name]
    return id === 'machine' ? record.machine : record.date.slice(0, 10)
  }
  if (id === 'cpu-range' || id === 'cpu-ratio-range') {
    checkOptions(spec, [])
    return cpuRange(name, rows, id === 'cpu-range' ? 'porthole' : 'ratio')
  }
  checkOptions(spec, [...COLUMNS, 'median', 'bare', 'round'])
  const column = COLUMNS.find((key) => spec.options.includes(key)) ?? 'porthole'
  let cell = benchRow(name, rows, id)[column]
  if (spec.options.includes('median')) cell = median(cell)
  if (spec.options.includes('bare')) cell = bare(cell)
  if (spec.options.includes('round')) cell = round(cell)
  return cell
}

/** The text a marker with this spec holds, or undefined when the build is not there. */
export function resolveFigure(spec: FigureSpec, sources: FigureSources): string | undefined {
  if (spec.name.startsWith('build.'))
    return sources.build === undefined ? undefined : buildFigure(spec, sources.build)
  return benchFigure(spec, sources)
}
