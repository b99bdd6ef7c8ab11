import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'
import TurndownService from 'turndown'

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' })
// Nothing executable or embedded survives into the Markdown (markdownTree drops raw HTML anyway).
turndown.remove(['script', 'style', 'noscript', 'iframe', 'object', 'embed', 'form'])

/**
 * A page's main content as Markdown (Readability over linkedom, then Turndown), or
 * undefined when the page has none worth an article.
 */
export function extractPage(
  html: string,
  url: string,
): { title: string; markdown: string } | undefined {
  const { document } = parseHTML(html)
  const base = document.createElement('base')
  base.setAttribute('href', url)
  document.head?.appendChild(base)
  const article = new Readability(
    document as unknown as ConstructorParameters<typeof Readability>[0],
    {
      charThreshold: 100,
    },
  ).parse()
  if (!article?.content) return undefined
  const markdown = turndown.turndown(article.content).trim()
  const title = (article.title ?? '').replace(/\s+/g, ' ').trim().slice(0, 300)
  if (!markdown || !title) return undefined
  return { title, markdown }
}

/** An article id from a page's URL path: `/help/Returns_Policy.html` → `returns-policy`. */
export function idFromUrl(url: string): string | undefined {
  const path = decodeURIComponent(new URL(url).pathname)
    .replace(/\.(?:html?|php|aspx?)$/i, '')
    .split('/')
    .filter(Boolean)
  const slug = (path.at(-1) ?? 'index')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
  return slug || undefined
}
