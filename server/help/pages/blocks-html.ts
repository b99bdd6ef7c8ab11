import type { BlockNode, InlineNode } from '../../../shared/help/article-tree'
import { escapeHtml as e } from '../../email/render/render-email'

// An article's blocks as HTML for the public /help pages. Every text and attribute is
// escaped; links and images were already limited to http(s)/mailto by markdownTree and
// are checked again here, so a stored tree from anywhere stays inert.

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i
const SAFE_IMAGE = /^https?:\/\//i

function inline(nodes: InlineNode[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return e(node.text)
        case 'strong':
          return `<strong>${inline(node.children)}</strong>`
        case 'em':
          return `<em>${inline(node.children)}</em>`
        case 'code':
          return `<code>${e(node.text)}</code>`
        case 'break':
          return '<br>'
        case 'link':
          return SAFE_LINK.test(node.href)
            ? `<a href="${e(node.href)}" rel="noopener noreferrer nofollow">${inline(node.children)}</a>`
            : inline(node.children)
        case 'image':
          return SAFE_IMAGE.test(node.src)
            ? `<img src="${e(node.src)}" alt="${e(node.alt)}" loading="lazy">`
            : e(node.alt)
        default:
          return ''
      }
    })
    .join('')
}

const align = (value: string | null | undefined) =>
  value
    ? ` style="text-align:${value === 'center' ? 'center' : value === 'right' ? 'right' : 'left'}"`
    : ''

/** The blocks as HTML, everything escaped. */
export function blocksHtml(blocks: BlockNode[]): string {
  return blocks
    .map((block): string => {
      switch (block.type) {
        case 'heading': {
          // The page's title is the h1: an article's headings start at h2.
          const level = Math.min(6, Math.max(2, block.level))
          return `<h${level}>${inline(block.children)}</h${level}>`
        }
        case 'paragraph':
          return `<p>${inline(block.children)}</p>`
        case 'list': {
          const tag = block.ordered ? 'ol' : 'ul'
          const start =
            block.ordered && block.start !== undefined && block.start !== 1
              ? ` start="${Number(block.start) | 0}"`
              : ''
          return `<${tag}${start}>${block.items.map((item) => `<li>${blocksHtml(item)}</li>`).join('')}</${tag}>`
        }
        case 'table': {
          const head = block.header
            .map((cell, i) => `<th${align(block.align[i])}>${inline(cell)}</th>`)
            .join('')
          const rows = block.rows
            .map(
              (row) =>
                `<tr>${row.map((cell, i) => `<td${align(block.align[i])}>${inline(cell)}</td>`).join('')}</tr>`,
            )
            .join('')
          return `<div class="table"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`
        }
        case 'code':
          return `<pre><code>${e(block.text)}</code></pre>`
        case 'quote':
          return `<blockquote>${blocksHtml(block.children)}</blockquote>`
        case 'rule':
          return '<hr>'
        default:
          return ''
      }
    })
    .join('\n')
}
