import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseAst } from 'rolldown/parseAst'
import { describe, expect, it } from 'vitest'
import config from '../../vite.config'
import { REAL_WORK_INTERVAL_MS, REAL_WORK_TIMEOUT_MS } from '../support/timeouts'

// The rule of docs/contributing/testing.md ("Waiting for real work"), checked over every
// test file: no wait may give up sooner than REAL_WORK_TIMEOUT_MS, because on a busy
// machine real work (a dynamic import, IndexedDB, a server) takes many times longer.

type Node = { type: string; start: number; end: number; [key: string]: unknown }

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string'

/** The kind of wait a call is, by its callee's text. */
function waitKind(callee: string): string | undefined {
  const last = callee.split('.').pop() ?? ''
  if (callee === 'vi.waitFor') return 'vi.waitFor'
  if (callee === 'expect.poll') return 'expect.poll'
  if (callee === 'waitFor') return 'waitFor'
  if (/^find(All)?By/.test(last)) return 'findBy'
  if (/^waitFor(Function|Selector|Event|Response|URL|LoadState)?$/.test(last)) return 'browser'
  return undefined
}

/** Numeric literal timeouts in an options object. */
function literalTimeouts(options: unknown): number[] {
  if (!isNode(options) || options.type !== 'ObjectExpression') return []
  const found: number[] = []
  for (const property of options.properties as Node[]) {
    const key = property.key as Node | undefined
    const value = property.value as Node | undefined
    if (key?.name === 'timeout' && value?.type === 'Literal' && typeof value.value === 'number')
      found.push(value.value)
  }
  return found
}

/** Every problem of one file: `line: what`. */
function problemsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const ast = parseAst(text, { lang: file.endsWith('x') ? 'tsx' : 'ts' })
  const problems: string[] = []
  const lineOf = (at: number) => text.slice(0, at).split('\n').length
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (!isNode(value)) return
    if (value.type === 'CallExpression') {
      const callee = value.callee as Node
      // Whitespace out: a formatter may break `expect\n  .poll(…)` over lines.
      const kind = waitKind(text.slice(callee.start, callee.end).replace(/\s+/g, ''))
      const args = value.arguments as Node[]
      const where = `${file}:${lineOf(value.start)}`
      if (kind === 'vi.waitFor' && args.length < 2)
        problems.push(`${where}: vi.waitFor with the default 1 s timeout (pass REAL_WORK)`)
      const second = args[1]
      // Where each kind takes its options: findBy* third, a browser wait any, the rest second.
      const options =
        kind === 'findBy' ? [args[2]] : kind === 'browser' ? args : kind ? [second] : []
      const tight = options.flatMap(literalTimeouts).filter((ms) => ms < REAL_WORK_TIMEOUT_MS)
      // vi.waitFor also takes a bare number.
      if (kind === 'vi.waitFor' && second?.type === 'Literal' && typeof second.value === 'number')
        if (second.value < REAL_WORK_TIMEOUT_MS) tight.push(second.value)
      for (const timeout of tight)
        problems.push(`${where}: a ${timeout} ms timeout (use REAL_WORK_TIMEOUT_MS)`)
    }
    for (const [key, child] of Object.entries(value)) if (key !== 'parent') visit(child)
  }
  visit(ast)
  return problems
}

const testFiles = execFileSync('git', ['ls-files', 'tests'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('tests/docs/fixtures/'))

describe('waits for real work in the tests', () => {
  it('none gives up sooner than REAL_WORK_TIMEOUT_MS', () => {
    expect(testFiles.length).toBeGreaterThan(100)
    expect(testFiles.flatMap(problemsOf)).toEqual([])
  })

  it('Testing Library and expect.poll wait REAL_WORK_TIMEOUT_MS by default', () => {
    expect(config.test?.setupFiles).toEqual(['tests/support/wait-defaults.ts'])
    expect(config.test?.expect?.poll).toEqual({
      timeout: REAL_WORK_TIMEOUT_MS,
      interval: REAL_WORK_INTERVAL_MS,
    })
  })

  it('the check finds what it looks for', () => {
    const sample = 'tests/docs/fixtures/tight-waits.ts'
    expect(problemsOf(sample)).toEqual([
      `${sample}:4: vi.waitFor with the default 1 s timeout (pass REAL_WORK)`,
      `${sample}:5: a 3000 ms timeout (use REAL_WORK_TIMEOUT_MS)`,
      `${sample}:6: a 5000 ms timeout (use REAL_WORK_TIMEOUT_MS)`,
      `${sample}:7: a 1000 ms timeout (use REAL_WORK_TIMEOUT_MS)`,
      `${sample}:8: a 2000 ms timeout (use REAL_WORK_TIMEOUT_MS)`,
    ])
  })
})
