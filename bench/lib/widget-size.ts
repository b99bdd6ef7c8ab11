// Gzip sizes of the built widget: what a page pays up front (the embed script, the
// loader chunk and its static imports) and what a visitor using the chat's common
// features loads (bench/lib/widget-chunks.ts, the size test's list).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { COMMON_CHUNKS, chunkName } from './widget-chunks'

export type WidgetSize = { loader: number; common: number; files: number }

const STATIC_IMPORT = /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g

function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) =>
    item.isDirectory() ? filesUnder(join(dir, item.name)) : [join(dir, item.name)],
  )
}

/** The file and every module it statically imports, transitively. */
function withStaticImports(path: string, seen: Set<string>): Set<string> {
  if (seen.has(path) || !existsSync(path)) return seen
  seen.add(path)
  const code = readFileSync(path, 'utf8')
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const specifier = match[1] ?? match[2]
    if (specifier?.startsWith('.')) withStaticImports(resolve(dirname(path), specifier), seen)
  }
  return seen
}

/** Sizes in bytes of gzip -9 (of the JS and CSS files), or undefined when the widget is not built. */
export function measureWidget(distWidget: string): WidgetSize | undefined {
  const embed = join(distWidget, 'widget.js')
  if (!existsSync(embed)) return undefined
  const assets = join(distWidget, 'assets')
  const loaderChunks = existsSync(assets)
    ? readdirSync(assets).filter((name) => /^loader-.*\.js$/.test(name))
    : []
  const loaderFiles = new Set([embed])
  for (const chunk of loaderChunks) withStaticImports(join(assets, chunk), loaderFiles)
  const common = [
    embed,
    ...filesUnder(assets).filter((path) => {
      const file = `assets/${path.slice(assets.length + 1)}`
      return /\.js$/.test(file) && COMMON_CHUNKS.includes(chunkName(file))
    }),
  ]
  const sum = (paths: Iterable<string>) =>
    [...paths].reduce((total, path) => total + gzipSize(path), 0)
  return { loader: sum(loaderFiles), common: sum(common), files: common.length }
}
