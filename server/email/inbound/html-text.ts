import { convert, type DomNode, type FormatCallback, type SelectorDefinition } from 'html-to-text'

// An HTML-only reply's text, made here rather than by mailparser: what the reader of
// the e-mail did not see (hidden preheaders, tracking pixels, styles, scripts) stays
// out, and only link targets a person can follow safely (http, https, mailto) are
// kept, so agents never get a `javascript:` or data URL as the visitor's words.

/** The most HTML converted: a reply's words come first; a longer body is cut. */
export const MAX_HTML_CHARS = 1_000_000

/** html-to-text's own selectors: each goes through `shown` first, then its format. */
const FORMATS: Record<string, string> = {
  '*': 'inline',
  article: 'block',
  aside: 'block',
  blockquote: 'blockquote',
  br: 'lineBreak',
  div: 'block',
  footer: 'block',
  form: 'block',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  header: 'block',
  hr: 'horizontalLine',
  main: 'block',
  nav: 'block',
  ol: 'orderedList',
  p: 'paragraph',
  pre: 'pre',
  section: 'block',
  table: 'table',
  ul: 'unorderedList',
  wbr: 'wbr',
}

/** Elements whose content is never text a reader sees. */
const NEVER_SHOWN = ['head', 'title', 'style', 'script', 'noscript', 'template', 'img', 'svg']

const SAFE_LINK = /^(?:https?:|mailto:)/i

/**
 * The text of an HTML body, for messages that have no text part: blockquotes come
 * out as `>` lines (so extractReply removes them like any quote), hidden elements
 * (`display:none`, `visibility:hidden`, `hidden`, `aria-hidden`, zero size or
 * opacity) and images are left out, links keep an http(s) or mailto target only,
 * lines are not wrapped. At most MAX_HTML_CHARS of the HTML are read.
 *
 * @example htmlText('<p>Yes</p><blockquote>Hi</blockquote>') // 'Yes\n\n> Hi'
 */
export function htmlText(html: string): string {
  return convert(html.slice(0, MAX_HTML_CHARS), {
    wordwrap: false,
    limits: { maxDepth: 1000 },
    formatters: { shown, link },
    selectors: [
      ...Object.entries(FORMATS).map(
        ([selector, format]): SelectorDefinition => ({
          selector,
          format: 'shown',
          options: { as: format } as SelectorDefinition['options'],
        }),
      ),
      { selector: 'a', format: 'link', options: { hideLinkHrefIfSameAsText: true } },
      ...NEVER_SHOWN.map((selector): SelectorDefinition => ({ selector, format: 'skip' })),
    ],
  })
}

/** Formats a visible element as html-to-text would (its format is `options.as`). */
const shown: FormatCallback = (elem, walk, builder, options) => {
  if (isHidden(elem)) return
  const as = (options as { as?: unknown }).as
  const format = builder.options.formatters[typeof as === 'string' ? as : 'inline']
  format?.(elem, walk, builder, options)
}

/** A visible link, with its target only when it is http(s) or mailto. */
const link: FormatCallback = (elem, walk, builder, options) => {
  if (isHidden(elem)) return
  const href = String(elem.attribs?.href ?? '').trim()
  const anchor = builder.options.formatters.anchor
  anchor?.(elem, walk, builder, { ...options, ignoreHref: !SAFE_LINK.test(href) })
}

/** Whether the element is hidden from the reader by its attributes or inline style. */
export function isHidden(elem: DomNode): boolean {
  const attribs: Record<string, unknown> = elem.attribs ?? {}
  if (attribs.hidden !== undefined) return true
  if (String(attribs['aria-hidden'] ?? '').toLowerCase() === 'true') return true
  if (isZero(attribs.width) || isZero(attribs.height)) return true
  for (const declaration of String(attribs.style ?? '').split(';')) {
    const colon = declaration.indexOf(':')
    if (colon < 0) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration
      .slice(colon + 1)
      .replace('!important', '')
      .trim()
      .toLowerCase()
    if (property === 'display' && value === 'none') return true
    if (property === 'visibility' && (value === 'hidden' || value === 'collapse')) return true
    if (property === 'mso-hide' && value === 'all') return true
    if (ZERO_HIDES.has(property) && isZero(value)) return true
  }
  return false
}

/** Properties that hide an element's content when they are zero. */
const ZERO_HIDES = new Set(['opacity', 'font-size', 'max-height', 'max-width', 'width', 'height'])

function isZero(value: unknown): boolean {
  return value !== undefined && Number.parseFloat(String(value)) === 0
}
