// Gzip sizes of the built widget: what a page pays up front (the embed script, the
// loader chunk and its static imports) and what a visitor using the chat's common
// features loads (kit/widget-chunks.ts, the size test's list). Computed by
// kit/built-widget-figures.ts, as the size test and the docs' figures are.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { measureBuiltWidget } from '../../kit/built-widget-figures'

export type WidgetSize = { loader: number; common: number; files: number }

/** Sizes in bytes of gzip -9, or undefined when the widget is not built. */
export function measureWidget(distWidget: string): WidgetSize | undefined {
  if (!existsSync(join(distWidget, 'widget.js'))) return undefined
  const figures = measureBuiltWidget(distWidget)
  return {
    loader: figures.loaderGzip,
    common: figures.commonGzip,
    files: figures.commonFiles.length,
  }
}
