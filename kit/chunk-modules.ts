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

/** The code's ranges ([start, end) in UTF-16 offsets) by source (as the map names it). */
export function rangesBySource(code: string, map: SourceMapLike): Map<string, [number, number][]> {
  const ranges = new Map<string, [number, number][]>()
  const add = (source: string, start: number, end: number) => {
    if (end <= start) return
    const list = ranges.get(source) ?? []
    const last = list.at(-1)
    if (last?.[1] === start) last[1] = end
    else list.push([start, end])
    ranges.set(source, list)
  }
  const mappingLines = map.mappings.split(';')
  const state = { source: 0 }
  let offset = 0
  code.split('\n').forEach((line, index, lines) => {
    const segments = decodeLine(mappingLines[index] ?? '', state)
    const newline = index < lines.length - 1 ? 1 : 0
    add(UNMAPPED, offset, offset + (segments[0]?.[0] ?? line.length))
    segments.forEach(([column, source], at) => {
      const end = segments[at + 1]?.[0] ?? line.length
      add((source >= 0 && map.sources[source]) || UNMAPPED, offset + column, offset + end)
    })
    add(UNMAPPED, offset + line.length, offset + line.length + newline)
    offset += line.length + newline
  })
  return ranges
}

/** The code's UTF-8 bytes by source (as the map names it), largest first. */
export function bytesBySource(code: string, map: SourceMapLike): [string, number][] {
  return [...rangesBySource(code, map)]
    .map(([source, list]): [string, number] => [
      source,
      list.reduce((total, [start, end]) => total + Buffer.byteLength(code.slice(start, end)), 0),
    ])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1])
}

/** The code without one source's ranges: what the chunk would be if that module left it. */
export function withoutSource(code: string, ranges: [number, number][]): string {
  let rest = ''
  let from = 0
  for (const [start, end] of ranges) {
    rest += code.slice(from, start)
    from = end
  }
  return rest + code.slice(from)
}
