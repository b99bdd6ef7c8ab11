// Where the docs' figures come from: the built widget (dist/ after `npm run build`,
// measured as the size tests measure it) and the bench's committed records
// (bench/results.json: the last full `npm run bench`; bench/results-page.json,
// bench/results-tap.json and bench/results-delivery.json: the last `--only page`,
// `--only tap` and `--only delivery` runs; bench/results-capacity-quick.json: the last
// `--quick --quiet --only capacity` run, for the heartbeat).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { z } from 'zod'
import { VERDICTS } from '../../bench/lib/table'
import { measureBuiltWidget, type WidgetFigures } from '../../kit/built-widget-figures'
import { FigureError } from './markers'

/** The clock the served widget.js is measured with, so the figures do not move with the date. */
export const FIGURES_CLOCK = Date.parse('2026-01-01T00:00:00Z')

/** The bench records a figure may read, by the prefix of its name. */
export const BENCH_RECORDS = {
  bench: 'bench/results.json',
  'bench-page': 'bench/results-page.json',
  'bench-tap': 'bench/results-tap.json',
  'bench-delivery': 'bench/results-delivery.json',
  'bench-capacity': 'bench/results-capacity-quick.json',
} as const
export type BenchRecordName = keyof typeof BENCH_RECORDS

const BenchRow = z.object({
  metric: z.string(),
  porthole: z.string(),
  baseline: z.string(),
  ratio: z.string(),
  target: z.string(),
  met: z.enum(VERDICTS),
})
export type BenchRow = z.infer<typeof BenchRow>
const BenchRecord = z.object({ date: z.string(), machine: z.string(), rows: z.array(BenchRow) })
export type BenchRecord = z.infer<typeof BenchRecord>

export type BuildFigures = WidgetFigures & {
  /** The app package's loader (packages/porthole/dist/index.js), gzip -9. */
  packageLoaderGzip: number
}

export type FigureSources = {
  /** Undefined when the widget is not built: the byte figures are then not checked. */
  build: BuildFigures | undefined
  bench: Record<BenchRecordName, BenchRecord>
}

export function readBenchRecord(root: string, file: string): BenchRecord {
  const path = join(root, file)
  if (!existsSync(path))
    throw new FigureError('bad_source', `${file} is missing: it is committed with each bench run`)
  const parsed = BenchRecord.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success)
    throw new FigureError(
      'bad_source',
      `${file} is not a bench record (date and rows): ${parsed.error.message}`,
    )
  return parsed.data
}

/** True when `npm run build` has made the files the byte figures are measured on. */
export function isBuilt(root: string): boolean {
  return (
    existsSync(join(root, 'dist/widget/widget.js')) &&
    existsSync(join(root, 'packages/porthole/dist/index.js'))
  )
}

export function readBuild(root: string): BuildFigures | undefined {
  if (!isBuilt(root)) return undefined
  const loader = readFileSync(join(root, 'packages/porthole/dist/index.js'))
  return {
    ...measureBuiltWidget(join(root, 'dist/widget'), FIGURES_CLOCK),
    packageLoaderGzip: gzipSync(loader, { level: 9 }).length,
  }
}

export function readBenchRecords(root: string): FigureSources['bench'] {
  return {
    bench: readBenchRecord(root, BENCH_RECORDS.bench),
    'bench-page': readBenchRecord(root, BENCH_RECORDS['bench-page']),
    'bench-tap': readBenchRecord(root, BENCH_RECORDS['bench-tap']),
    'bench-delivery': readBenchRecord(root, BENCH_RECORDS['bench-delivery']),
    'bench-capacity': readBenchRecord(root, BENCH_RECORDS['bench-capacity']),
  }
}

export function readSources(root: string): FigureSources {
  return { build: readBuild(root), bench: readBenchRecords(root) }
}
