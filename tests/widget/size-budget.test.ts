import { beforeAll, describe, expect, it } from 'vitest'
import {
  builtScripts,
  ensureWidgetBuild,
  entryFiles,
  gzipSize,
  staticClosure,
} from './fixtures/built-widget'

// Budgets of issue #5, in KiB of gzip (level 9) of the built files.
const KIB = 1024
const LOADER_BUDGET = 6 * KIB
const TOTAL_BUDGET = 25 * KIB

beforeAll(ensureWidgetBuild, 180_000)

describe('size budgets of the built widget', () => {
  it('loader: widget.js + the loader chunk and its static imports <= 6 KiB gzip', () => {
    const { loader } = entryFiles()
    const files = ['widget.js', ...staticClosure(loader)]
    const size = files.reduce((total, file) => total + gzipSize(file), 0)
    console.info(`widget loader: ${size} B gzip (${files.join(', ')})`)
    expect(size).toBeLessThanOrEqual(LOADER_BUDGET)
  })

  it('everything: all JS in dist/widget <= 25 KiB gzip', () => {
    const files = builtScripts()
    const size = files.reduce((total, file) => total + gzipSize(file), 0)
    console.info(`widget total: ${size} B gzip (${files.length} files)`)
    expect(size).toBeLessThanOrEqual(TOTAL_BUDGET)
  })

  it('the loader does not pull in the chat UI (Preact) or the chat chunk', () => {
    const { loader, chat } = entryFiles()
    const closure = staticClosure(loader)
    expect(closure.has(chat)).toBe(false)
    expect(gzipSize(chat)).toBeGreaterThan(5 * KIB)
  })
})
