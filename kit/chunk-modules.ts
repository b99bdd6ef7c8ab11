// A built chunk's bytes by source module, read from its source map: each generated
// segment's bytes (from its column to the next segment's, or the line's end) count for
// the source it maps to. The tool behind `npx tsx scripts/chunk-modules.ts`
// (docs/contributing/widget-internals.md, "What the chat chunk carries").

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The part of a source map this reads. */
export type SourceMapLike = { sources: (string | null)[]; mappings: string }

/** Bytes of generated code that map to no source (the bundler's own glue). */
export const UNMAPPED = '(no source)'

/** One line's segments as [generated column, source index or -1]. */
function decodeLine(line: string, state: { source: number }): [number, number][] {
  const segments: [number, number][] = []
  let column = 0
  for (const segment of line.split(',')) {
    if (!segment) continue
    const fields = decodeVlq(segment)
    column += fields[0] ?? 0
    if (fields.length >= 4) state.source += fields[1] ?? 0
    segments.push([column, fields.length >= 4 ? state.source : -1])
  }
  return segments
}

function decodeVlq(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    if (digit < 0) throw new Error(`source map: "${char}" is not a base64 VLQ digit`)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
      continue
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1)
    value = 0
    shift = 0
  }
  return values
}

/** The code's UTF-8 bytes by source (as the map names it), largest first. */
export function bytesBySource(code: string, map: SourceMapLike): [string, number][] {
  const totals = new Map<string, number>()
  const add = (source: string, text: string) =>
    totals.set(source, (totals.get(source) ?? 0) + Buffer.byteLength(text))
  const lines = code.split('\n')
  const mappingLines = map.mappings.split(';')
  const state = { source: 0 }
  lines.forEach((line, index) => {
    const segments = decodeLine(mappingLines[index] ?? '', state)
    const first = segments[0]?.[0] ?? line.length
    add(UNMAPPED, line.slice(0, first) + (index < lines.length - 1 ? '\n' : ''))
    segments.forEach(([column, source], at) => {
      const end = segments[at + 1]?.[0] ?? line.length
      add((source >= 0 && map.sources[source]) || UNMAPPED, line.slice(column, end))
    })
  })
  return [...totals].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1])
}
