// The markers that hold a generated figure in a Markdown page, and their rewriting.
// Inline: `<!-- figure:build.first-open KiB -->18.2 KiB<!-- /figure -->` (a name, then
// options); a block: the lines between `<!-- figures:begin bench.table -->` and
// `<!-- figures:end -->`. Everything outside the markers is left byte for byte.

/** A marker the generator cannot render: what is wrong and where. */
export class FigureError extends Error {
  constructor(
    readonly code: 'unknown_figure' | 'bad_option' | 'unclosed_marker' | 'bad_source',
    message: string,
  ) {
    super(message)
    this.name = 'FigureError'
  }
}

/** A figure's spec as written in its marker: `build.first-open` with options `['KiB']`. */
export type FigureSpec = { name: string; options: string[] }

/**
 * Renders a figure, or returns undefined when its source is absent (the build not made):
 * the page keeps what it shows. Throws a FigureError for a name or option it does not know.
 */
export type Resolve = (spec: FigureSpec) => string | undefined

/** One marked figure of a page: what it shows, and what its source says (if known). */
export type MarkedFigure = { spec: string; found: string; expected: string | undefined }

// A marker right after a backtick is an example in code, not a marker.
const INLINE = /(?<!`)<!-- figure:([^\s>]+)((?: [^\s>]+)*) -->(.*?)<!-- \/figure -->/g
const BLOCK =
  /(?<!`)<!-- figures:begin ([^\s>]+)((?: [^\s>]+)*) -->\n([\s\S]*?)<!-- figures:end -->/g

function specOf(name: string, options: string): FigureSpec {
  return { name, options: options.split(' ').filter((option) => option !== '') }
}

function specText({ name, options }: FigureSpec): string {
  return [name, ...options].join(' ')
}

/** Fails on an opening marker that has no closing one (it would never be rewritten). */
function checkClosed(text: string): void {
  const inline = [...text.matchAll(/(?<!`)<!-- figure:/g)].length
  const closedInline = [...text.matchAll(INLINE)].length
  const blocks = [...text.matchAll(/(?<!`)<!-- figures:begin /g)].length
  const closedBlocks = [...text.matchAll(BLOCK)].length
  if (inline !== closedInline)
    throw new FigureError(
      'unclosed_marker',
      'a <!-- figure:name --> marker has no <!-- /figure --> after it on the same line',
    )
  if (blocks !== closedBlocks)
    throw new FigureError(
      'unclosed_marker',
      'a <!-- figures:begin name --> line has no <!-- figures:end --> after it',
    )
}

/** The page with every marked figure rendered from its source, and the figures it holds. */
export function rewriteFigures(
  text: string,
  resolve: Resolve,
): { text: string; figures: MarkedFigure[] } {
  checkClosed(text)
  const figures: MarkedFigure[] = []
  const blocks = text.replace(BLOCK, (whole, name: string, options: string, found: string) => {
    const spec = specOf(name, options)
    const value = resolve(spec)
    const expected = value === undefined ? undefined : `${value}\n`
    figures.push({ spec: specText(spec), found, expected })
    if (expected === undefined) return whole
    return `<!-- figures:begin ${specText(spec)} -->\n${expected}<!-- figures:end -->`
  })
  const inline = blocks.replace(INLINE, (whole, name: string, options: string, found: string) => {
    const spec = specOf(name, options)
    const expected = resolve(spec)
    figures.push({ spec: specText(spec), found, expected })
    if (expected === undefined) return whole
    return `<!-- figure:${specText(spec)} -->${expected}<!-- /figure -->`
  })
  return { text: inline, figures }
}

/** The page with every marker and what it holds taken out: the prose that was written by hand. */
export function withoutFigures(text: string): string {
  return text.replace(BLOCK, '').replace(INLINE, '')
}
