import { describe, expect, it } from 'vitest'
import { kindTotals, mainThreadSpans, type TraceEvent } from '../../../bench/tap/trace-breakdown'

const MAIN = { pid: 1, tid: 1 }
const span = (name: string, ts: number, dur: number, thread = MAIN): TraceEvent => ({
  name,
  ph: 'X',
  ts,
  dur,
  ...thread,
})

describe('mainThreadSpans', () => {
  it("keeps the thread's complete spans and folds a begin and its end into one", () => {
    const events: TraceEvent[] = [
      span('RunTask', 0, 10),
      span('RunTask', 0, 10, { pid: 1, tid: 2 }),
      { name: 'Layout', ph: 'B', ts: 2, ...MAIN },
      { name: 'Layout', ph: 'E', ts: 5, ...MAIN },
      { name: 'porthole:tap', ph: 'R', ts: 0, ...MAIN },
    ]
    expect(mainThreadSpans(events, { ...MAIN, name: 'x', ph: 'R', ts: 0 })).toEqual([
      span('RunTask', 0, 10),
      { name: 'Layout', ph: 'X', ts: 2, dur: 3, ...MAIN },
    ])
  })
})

describe('kindTotals', () => {
  it('counts a layout forced inside a script as layout, the rest of the script as script', () => {
    const spans = [
      span('RunTask', 100, 60),
      span('FunctionCall', 100, 50),
      span('UpdateLayoutTree', 120, 5),
      span('Layout', 125, 15),
      span('Paint', 150, 10),
    ]
    expect(Object.fromEntries(kindTotals(spans, 0, 1000))).toEqual({
      script: 30,
      style: 5,
      layout: 15,
      paint: 10,
    })
  })

  it('counts only the stretch asked for, and nothing for time no known span covers', () => {
    const spans = [span('RunTask', 0, 100), span('FunctionCall', 0, 100)]
    expect(Object.fromEntries(kindTotals(spans, 40, 70))).toEqual({ script: 30 })
    expect(kindTotals([span('RunTask', 0, 100)], 0, 100).size).toBe(0)
  })
})
