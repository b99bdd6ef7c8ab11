import type { ComponentChildren } from 'preact'
import { isHttpUrl } from '../../protocol/http-url'

// The Markdown of the spec's first version (2.6): links, bold and italic, nothing else.
// It becomes Preact elements (text stays text: no HTML is ever parsed), and only http(s)
// links become links.

// In order of precedence at one position: an escaped character, a link, bold, italic.
// Underscores count only at word edges (snake_case stays as it is). Linear in the text:
// a link's label holds no `[` and `__` bold no `__`, so a failed attempt never scans past
// the next opener (a run of `[`, or of `__a `, was quadratic).
const TOKEN =
  /\\([\\`*_[\]()])|\[([^[\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)|\*\*(.+?)\*\*|(?<![\p{L}\p{N}])__((?:(?!__).)+?)__(?![\p{L}\p{N}])|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\p{L}\p{N}])_([^_\s](?:[^_]*[^_\s])?)_(?![\p{L}\p{N}])/gsu

/**
 * `text` as Preact nodes: `[text](https://…)` a link opening in a new tab, told nothing
 * about the page; `**bold**` / `__bold__`; `*italic*` / `_italic_`. A link to anything but
 * http(s) (`javascript:`, `data:`…) shows its text only.
 *
 * @example <p>{markdown('See **our prices**: [price list](https://shop.example/prices)')}</p>
 */
export function markdown(text: string): ComponentChildren[] {
  const nodes: ComponentChildren[] = []
  // A fresh expression per call: the nested calls below must not move this one's lastIndex.
  const token = new RegExp(TOKEN)
  let from = 0
  for (let match = token.exec(text); match; match = token.exec(text)) {
    nodes.push(text.slice(from, match.index))
    from = match.index + match[0].length
    const [, escaped, label, href] = match
    const bold = match[4] ?? match[5]
    const italic = match[6] ?? match[7]
    if (escaped !== undefined) nodes.push(escaped)
    else if (label !== undefined)
      nodes.push(
        isHttpUrl(href) ? (
          <a href={href} target="_blank" rel="noopener noreferrer">
            {markdown(label)}
          </a>
        ) : (
          markdown(label)
        ),
      )
    else if (bold !== undefined) nodes.push(<strong>{markdown(bold)}</strong>)
    else nodes.push(<em>{markdown(italic ?? '')}</em>)
  }
  nodes.push(text.slice(from))
  return nodes.filter((node) => node !== '')
}
