import type { ComponentChildren } from 'preact'
import type { BlockNode, InlineNode } from '../../shared/help/article-tree'

// An article's body (the tree the backend parsed from its Markdown) as Preact elements:
// text stays text, no HTML is ever parsed. The targets are checked again here, so a tree
// from anywhere can only link to http(s) and mailto and show http(s) images.

const LINK = /^(?:https?:\/\/|mailto:)/i
const IMAGE = /^https?:\/\//i

function Inline({ nodes }: { nodes: InlineNode[] }): ComponentChildren {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text
      case 'strong':
        return (
          <strong key={index}>
            <Inline nodes={node.children} />
          </strong>
        )
      case 'em':
        return (
          <em key={index}>
            <Inline nodes={node.children} />
          </em>
        )
      case 'code':
        return <code key={index}>{node.text}</code>
      case 'break':
        return <br key={index} />
      case 'image':
        return IMAGE.test(node.src) ? (
          <img
            key={index}
            src={node.src}
            alt={node.alt}
            loading="lazy"
            referrerpolicy="no-referrer"
          />
        ) : (
          node.alt
        )
      case 'link':
        return LINK.test(node.href) ? (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            <Inline nodes={node.children} />
          </a>
        ) : (
          <Inline key={index} nodes={node.children} />
        )
      default:
        return null
    }
  })
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const

function Block({ node }: { node: BlockNode }): ComponentChildren {
  switch (node.type) {
    case 'heading': {
      // The reader's own title is the page's heading: the article's levels start one below.
      const Tag = HEADINGS[Math.min(5, node.level + 1) - 1] ?? 'h6'
      return (
        <Tag dir="auto">
          <Inline nodes={node.children} />
        </Tag>
      )
    }
    case 'paragraph':
      return (
        <p dir="auto">
          <Inline nodes={node.children} />
        </p>
      )
    case 'list': {
      const items = node.items.map((item, index) => (
        <li key={index} dir="auto">
          <Blocks nodes={item} />
        </li>
      ))
      return node.ordered ? <ol start={node.start}>{items}</ol> : <ul>{items}</ul>
    }
    case 'table':
      return (
        <div class="ph-article-table">
          <table>
            <thead>
              <tr>{cells(node.header, node.align, 'th')}</tr>
            </thead>
            <tbody>
              {node.rows.map((row, index) => (
                <tr key={index}>{cells(row, node.align, 'td')}</tr>
              ))}
            </tbody>
          </table>
        </div>
      )
    case 'code':
      return (
        <pre dir="ltr">
          <code>{node.text}</code>
        </pre>
      )
    case 'quote':
      return (
        <blockquote>
          <Blocks nodes={node.children} />
        </blockquote>
      )
    case 'rule':
      return <hr />
    default:
      return null
  }
}

type Table = Extract<BlockNode, { type: 'table' }>

/** A table row's cells, header (`th`) or body (`td`) cells, each aligned as its column. */
function cells(row: InlineNode[][], align: Table['align'], Cell: 'th' | 'td') {
  return row.map((cell, index) => (
    <Cell key={index} style={align[index] ? { textAlign: align[index] } : undefined}>
      <Inline nodes={cell} />
    </Cell>
  ))
}

function Blocks({ nodes }: { nodes: BlockNode[] }): ComponentChildren {
  return nodes.map((node, index) => <Block key={index} node={node} />)
}

/**
 * An article's body. The caller gives it a class and the styles.
 *
 * @example <div class="ph-article-body"><ArticleBlocks blocks={article.blocks} /></div>
 */
export function ArticleBlocks({ blocks }: { blocks: BlockNode[] }) {
  return <Blocks nodes={blocks} />
}
