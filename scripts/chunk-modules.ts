// Lists a built widget chunk's bytes by source module, largest first: which code the
// chat chunk (or any other) carries, to find what its first frame does not draw.
//   npx tsx scripts/chunk-modules.ts [chunk name, default chat] [--top N]
// It builds the widget in memory with source maps (dist/ is left alone). The brotli
// column is what the module costs the chunk: its brotli size minus the size without the
// module's bytes (brotli compresses across modules, so these do not add up to the whole).
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants } from 'node:zlib'
import { build, type Rolldown } from 'vite'
import { bytesBySource, rangesBySource, withoutSource } from '../kit/chunk-modules'
import { chunkName } from '../kit/widget-chunks'
import { viteBuildOptions } from './vite-builds.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const topAt = args.indexOf('--top')
const top = topAt >= 0 ? Number(args[topAt + 1]) : 40
const wanted = args.find((arg, at) => !arg.startsWith('--') && at !== topAt + 1) ?? 'chat'
if (!Number.isInteger(top) || top <= 0) throw new Error('--top takes a positive whole number')

const result = await build({
  ...viteBuildOptions(join(root, 'widget/vite.config.ts')),
  logLevel: 'error',
  // 'hidden': the maps without a sourceMappingURL comment, which would name each language
  // file in its own chunk (the config refuses a chunk that names one).
  build: { sourcemap: 'hidden', write: false },
})
const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
const chunks = outputs.flatMap((output) =>
  output.output.flatMap((item) => (item.type === 'chunk' ? [item] : [])),
)
const chunk = chunks.find((item) => chunkName(item.fileName) === wanted)
if (!chunk?.map) {
  const names = chunks.map((item) => chunkName(item.fileName)).sort()
  throw new Error(`no chunk named "${wanted}" with a source map; built: ${names.join(', ')}`)
}
const raw = Buffer.byteLength(chunk.code)
const brotli = (code: string) =>
  brotliCompressSync(code, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length
const compressed = brotli(chunk.code)
const ranges = rangesBySource(chunk.code, chunk.map)
const rows = bytesBySource(chunk.code, chunk.map)
// Sources are relative to the chunk; a package's path from its node_modules folder on.
const name = (source: string) =>
  source.startsWith('(')
    ? source
    : relative(root, join(root, 'dist/widget/assets', source)).replace(/^.*node_modules\//, '')
console.log(`${chunk.fileName}: ${raw} B minified, ${compressed} B brotli`)
console.log('bytes\tshare\tbrotli\tmodule')
for (const [source, bytes] of rows.slice(0, top)) {
  const share = ((bytes / raw) * 100).toFixed(1)
  const cost = compressed - brotli(withoutSource(chunk.code, ranges.get(source) ?? []))
  console.log(`${bytes}\t${share}%\t${cost}\t${name(source)}`)
}
if (rows.length > top) console.log(`… ${rows.length - top} more modules (--top ${rows.length})`)
