// `npx tsx bench/tap/trace-summary.ts <trace.json> [--min 1]`: where the time went between
// the tap and the usable window in one run's trace (`npm run bench:tap -- --trace DIR`).
// Prints the page's main thread from the tap (the probe's mark porthole:tap) to the frame
// after the window was usable (porthole:usable): its tasks and what ran in them (scripts,
// style, layout, paint) at or above --min ms, the chat's file's arrival, the totals by kind
// and the JavaScript functions that took the most time (V8's samples). Times are of the
// throttled page (a CPU slowed 4x shows 4x longer tasks).
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { kindTotals, mainThreadSpans, type TraceEvent } from './trace-breakdown'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { min: { type: 'string', default: '1' } },
})
const file = positionals[0]
if (!file) throw new Error('usage: trace-summary.ts <trace.json> [--min <ms>]')
const minMs = Number(values.min)

const raw: unknown = JSON.parse(readFileSync(file, 'utf8'))
const events = (
  Array.isArray(raw) ? raw : (raw as { traceEvents: TraceEvent[] }).traceEvents
) as TraceEvent[]

const tap = events.find((event) => event.name === 'porthole:tap')
if (!tap) throw new Error(`${file} has no porthole:tap mark: was it made with bench:tap --trace?`)
const mark = (name: string) => events.find((event) => event.name === `porthole:${name}`)?.ts
const end = mark('usable') ?? Math.max(...events.map((event) => event.ts))
const ms = (us: number) => (us / 1000).toFixed(1)
const at = (ts: number) => `${ms(ts - tap.ts).padStart(6)} ms`

const spans = mainThreadSpans(events, tap)
const inWindow = spans
  .filter((span) => span.ts + (span.dur ?? 0) >= tap.ts && span.ts <= end)
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))

const detail = (event: TraceEvent): string => {
  const data = event.args?.data ?? {}
  const pick = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '')
  const url = (pick('url') || pick('fileName') || (event.args?.fileName as string) || '')
    .split('/')
    .at(-1)
  const what = [pick('type'), pick('functionName'), url].filter(Boolean).join(' ')
  return what ? ` (${what})` : ''
}

// Nesting by containment, to indent the timeline.
const stack: TraceEvent[] = []
process.stdout.write(`${file}: from the tap to the usable frame (${ms(end - tap.ts)} ms)\n`)
for (const name of ['window', 'usable-dom', 'usable'])
  if (mark(name) !== undefined)
    process.stdout.write(`  mark ${name} at ${at(mark(name) as number)}\n`)
// A request's URL is on its ResourceSendRequest only (which may come before the tap).
const urls = new Map<string, string>()
for (const event of events) {
  const data = event.args?.data
  if (event.name === 'ResourceSendRequest' && typeof data?.url === 'string')
    urls.set(String(data.requestId), data.url)
}
for (const event of events) {
  if (event.ts < tap.ts || event.ts > end) continue
  if (!['ResourceSendRequest', 'ResourceReceiveResponse', 'ResourceFinish'].includes(event.name))
    continue
  const data = event.args?.data ?? {}
  const url = (urls.get(String(data.requestId)) ?? String(data.requestId)).split('/').at(-1)
  process.stdout.write(`  ${at(event.ts)} ${event.name} ${url}\n`)
}
process.stdout.write('\nMain thread (tasks and what ran in them):\n')
for (const span of inWindow) {
  while (stack.length > 0) {
    const top = stack.at(-1) as TraceEvent
    if (span.ts >= top.ts + (top.dur ?? 0)) stack.pop()
    else break
  }
  const depth = stack.length
  stack.push(span)
  if ((span.dur ?? 0) / 1000 < minMs || depth > 4) continue
  process.stdout.write(
    `  ${at(span.ts)} ${'  '.repeat(depth)}${span.name} ${ms(span.dur ?? 0)} ms${detail(span)}\n`,
  )
}

// Totals by kind: the innermost time of each kind (a span's own time, its children's taken out).
const tasks = inWindow.filter((span) => span.name === 'RunTask')
let busy = 0
for (const task of tasks) {
  const from = Math.max(task.ts, tap.ts)
  const to = Math.min(task.ts + (task.dur ?? 0), end)
  busy += Math.max(0, to - from)
}
const self = kindTotals(inWindow, tap.ts, end)
process.stdout.write(
  `\nTotals: tasks ${ms(busy)} ms of ${ms(end - tap.ts)} ms; ${[...self]
    .map(([kind, us]) => `${kind} ${ms(us)}`)
    .join(', ')} ms\n`,
)

// V8's samples: self time per function in the window.
type Node = {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}
const nodes = new Map<number, Node>()
const selfTime = new Map<string, number>()
const totalTime = new Map<string, number>()
const nameOf = (node: Node) => {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame
  return `${functionName || '(anonymous)'} ${(url ?? '').split('/').at(-1)}:${lineNumber + 1}:${columnNumber + 1}`
}
let sampleTs: number | undefined
for (const event of events) {
  if (event.name === 'Profile' && event.pid === tap.pid)
    sampleTs = (event.args?.data?.startTime as number | undefined) ?? sampleTs
  if (event.name !== 'ProfileChunk' || event.pid !== tap.pid) continue
  const data = event.args?.data as {
    cpuProfile?: { nodes?: Node[]; samples?: number[] }
    timeDeltas?: number[]
  }
  for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
  const samples = data.cpuProfile?.samples ?? []
  const deltas = data.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    sampleTs = (sampleTs ?? 0) + (deltas[i] ?? 0)
    const next = sampleTs + (deltas[i + 1] ?? 0)
    if (sampleTs < tap.ts || sampleTs > end) continue
    const node = nodes.get(samples[i] as number)
    if (!node) continue
    const key = nameOf(node)
    const took = Math.max(0, next - sampleTs)
    selfTime.set(key, (selfTime.get(key) ?? 0) + took)
    // Each function on the sample's stack, once.
    const seen = new Set<string>()
    for (
      let on: Node | undefined = node;
      on;
      on = on.parent === undefined ? undefined : nodes.get(on.parent)
    ) {
      const name = nameOf(on)
      if (seen.has(name)) continue
      seen.add(name)
      totalTime.set(name, (totalTime.get(name) ?? 0) + took)
    }
  }
}
const top = [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 25)
process.stdout.write('\nJavaScript self time (samples):\n')
for (const [key, us] of top) process.stdout.write(`  ${ms(us).padStart(6)} ms ${key}\n`)
process.stdout.write('\nJavaScript total time (samples, callees included):\n')
for (const [key, us] of [...totalTime].sort((a, b) => b[1] - a[1]).slice(0, 40))
  process.stdout.write(`  ${ms(us).padStart(6)} ms ${key}\n`)
