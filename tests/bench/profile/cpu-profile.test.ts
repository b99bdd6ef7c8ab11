import { describe, expect, it } from 'vitest'
import { originOf, selfTimes } from '../../../bench/profile/cpu-profile'

const frame = (functionName: string, url: string, lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
})

describe('originOf', () => {
  it('names the package of a dependency, scoped or not', () => {
    expect(originOf('file:///app/node_modules/hono/dist/compose.js', 'dispatch')).toBe('hono')
    expect(originOf('file:///app/node_modules/@hono/node-server/dist/index.mjs', 'x')).toBe(
      '@hono/node-server',
    )
  })

  it("tells Porthole's code, Node's internals, the collector and native code apart", () => {
    expect(originOf('file:///app/dist/server/chunks/start-abc.js', 'append')).toBe('porthole')
    expect(originOf('node:_http_outgoing', 'end')).toBe('node internals')
    expect(originOf('', '(garbage collector)')).toBe('garbage collection')
    expect(originOf('', 'writev')).toBe('native')
  })
})

describe('selfTimes', () => {
  it('adds up self time per function and per origin, leaving idle time out', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('(idle)', '') },
        { id: 3, callFrame: frame('writev', '') },
        { id: 4, callFrame: frame('dispatch', 'file:///a/node_modules/hono/dist/compose.js', 23) },
        { id: 5, callFrame: frame('append', 'file:///a/dist/server/start.js', 4731) },
      ],
      // 10 ms idle, then 30 ms writev, 10 ms hono, 60 ms append (in µs).
      samples: [2, 3, 4, 5, 5, 3],
      timeDeltas: [10_000, 20_000, 10_000, 30_000, 30_000, 10_000],
    }
    const { functions, origins } = selfTimes(profile)
    expect(functions.map((f) => [f.name, f.ms])).toEqual([
      ['append start.js:4732', 60],
      ['writev :1', 30],
      ['dispatch compose.js:24', 10],
    ])
    expect(functions[0]?.share).toBeCloseTo(0.6)
    expect(origins.map((o) => [o.name, o.ms])).toEqual([
      ['porthole', 60],
      ['native', 30],
      ['hono', 10],
    ])
  })

  it('throws on a file that is not a CPU profile', () => {
    expect(() => selfTimes({ nodes: [] })).toThrow()
  })
})
