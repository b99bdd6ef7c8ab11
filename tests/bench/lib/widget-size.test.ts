import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureWidget } from '../../../bench/lib/widget-size'
import { measureBuiltWidget } from '../../../kit/built-widget-figures'
import { COMMON_CHUNKS } from '../../../kit/widget-chunks'

// The bench's widget rows count what the size test counts (one computation,
// kit/built-widget-figures.ts); without a build they are not measured.

const dist = join(process.cwd(), 'dist/widget')

describe("the bench's widget size", () => {
  it('is undefined where the widget is not built', () => {
    const empty = mkdtempSync(join(tmpdir(), 'porthole-widget-size-'))
    try {
      expect(measureWidget(empty)).toBeUndefined()
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })

  it.skipIf(!existsSync(join(dist, 'widget.js')))(
    "is the size test's loader and common set (skipped until npm run build)",
    () => {
      const figures = measureBuiltWidget(dist)
      expect(measureWidget(dist)).toEqual({
        loader: figures.loaderGzip,
        common: figures.commonGzip,
        files: COMMON_CHUNKS.length + 1,
      })
    },
  )
})
