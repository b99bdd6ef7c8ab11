import { styleSheet } from '../../loader/loader-styles'

const sheets = new Map<string, CSSStyleSheet>()

/**
 * Adds a lazily loaded part's styles to the shadow root (or document) holding `node`,
 * once: its CSS comes with its chunk instead of with the chat's first open.
 */
export function adoptStyles(node: Node | null | undefined, css: string): void {
  const root = node?.getRootNode()
  if (!(root instanceof ShadowRoot || root instanceof Document)) return
  let sheet = sheets.get(css)
  if (!sheet) {
    sheet = styleSheet(css)
    sheets.set(css, sheet)
  }
  if (!root.adoptedStyleSheets.includes(sheet))
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
}
