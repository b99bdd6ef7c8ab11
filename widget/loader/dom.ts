/** Creates an element with attributes (never HTML strings: text is always text). */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

/** A 24×24 SVG icon from one path. */
export function icon(path: string, className: string): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg'
  const svg = document.createElementNS(ns, 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('aria-hidden', 'true')
  svg.setAttribute('class', className)
  const shape = document.createElementNS(ns, 'path')
  shape.setAttribute('d', path)
  svg.append(shape)
  return svg
}

export const CHAT_ICON =
  'M12 3C6.5 3 2 6.6 2 11c0 2.4 1.3 4.5 3.4 6L4 21l5-2.4c1 .3 2 .4 3 .4 5.5 0 10-3.6 10-8s-4.5-8-10-8z'
export const CLOSE_ICON = 'M6 6l12 12M18 6L6 18'
