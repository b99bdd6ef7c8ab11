// The arithmetic of bench/tap/trace-summary.ts: a Chromium trace's main-thread spans and
// how much of a stretch of time went to script, style, layout, paint and the rest.

/** One event of a Chromium trace (the JSON Trace Event Format); times in microseconds. */
export type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  cat?: string
  id?: string
  args?: Record<string, unknown> & { data?: Record<string, unknown> }
}

/** The kinds of work a span is counted as, by the names Chromium gives its events. */
export const KINDS: Record<string, readonly string[]> = {
  compile: ['v8.compile', 'v8.compileModule', 'V8.CompileCode', 'v8.produceModuleCache'],
  script: [
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'FireAnimationFrame',
    'EventDispatch',
    'RunMicrotasks',
    'v8.run',
  ],
  gc: ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'BlinkGC.AtomicPhase'],
  style: ['UpdateLayoutTree', 'ParseAuthorStyleSheet', 'RecalculateStyles'],
  layout: ['Layout'],
  paint: [
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
    'PaintImage',
    'UpdateLayer',
    'CompositeLayers',
  ],
}

const kindOf = (name: string) => Object.keys(KINDS).find((kind) => KINDS[kind]?.includes(name))

/** The complete spans of the thread `on` ran on (its pid and tid), begin/end pairs folded into one. */
export function mainThreadSpans(events: readonly TraceEvent[], on: TraceEvent): TraceEvent[] {
  const open = new Map<string, TraceEvent[]>()
  const spans: TraceEvent[] = []
  for (const event of events) {
    if (event.pid !== on.pid || event.tid !== on.tid) continue
    if (event.ph === 'X' && event.dur !== undefined) spans.push(event)
    else if (event.ph === 'B') {
      const stack = open.get(event.name) ?? []
      stack.push(event)
      open.set(event.name, stack)
    } else if (event.ph === 'E') {
      const begin = open.get(event.name)?.pop()
      if (begin) spans.push({ ...begin, ph: 'X', dur: event.ts - begin.ts })
    }
  }
  return spans
}

/**
 * Microseconds of [from, to] per kind: each moment goes to the innermost span of a known
 * kind that covers it (a layout forced inside a script is layout, not script); moments no
 * such span covers are not counted.
 */
export function kindTotals(
  spans: readonly TraceEvent[],
  from: number,
  to: number,
): Map<string, number> {
  const kinded = spans.filter((span) => kindOf(span.name))
  const edges = [...new Set(kinded.flatMap((span) => [span.ts, span.ts + (span.dur ?? 0)]))]
    .filter((ts) => ts > from && ts < to)
    .concat([from, to])
    .sort((a, b) => a - b)
  const totals = new Map<string, number>()
  for (let i = 0; i + 1 < edges.length; i++) {
    const start = edges[i] as number
    const stop = edges[i + 1] as number
    if (stop <= start) continue
    let inner: TraceEvent | undefined
    for (const span of kinded)
      if (span.ts <= start && span.ts + (span.dur ?? 0) >= stop)
        if (!inner || (span.dur ?? 0) <= (inner.dur ?? 0)) inner = span
    if (!inner) continue
    const kind = kindOf(inner.name) as string
    totals.set(kind, (totals.get(kind) ?? 0) + (stop - start))
  }
  return totals
}
