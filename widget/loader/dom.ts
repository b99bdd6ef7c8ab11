/** Gives a new node its attributes and children (never HTML strings: text is always text). */
function build<T extends Element>(
  node: T,
  attributes: Record<string, string>,
  children: (Node | string)[],
): T {
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

/** Creates an element with attributes and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), attributes, children)
}

/** A 24×24 SVG icon from one path, for a button (its aria-label names it; the icon is presentational). */
export function icon(path: string, className: string): SVGSVGElement {
  const svg = (tag: string, attributes: Record<string, string>, ...children: Node[]) =>
    build(document.createElementNS('http://www.w3.org/2000/svg', tag), attributes, children)
  return svg(
    'svg',
    { viewBox: '0 0 24 24', class: className },
    svg('path', { d: path }),
  ) as SVGSVGElement
}

// A speech bubble: most of an ellipse (centre 12,11; radii 10 and 8) and its tail.
export const CHAT_ICON = 'M5.4 17A10 8 0 1 1 9 18.6L4 21z'
export const CLOSE_ICON = 'M6 6l12 12M18 6L6 18'
