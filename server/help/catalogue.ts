import type { BlockNode } from '../../shared/help/article-tree'
import { treeText } from '../../shared/help/markdown-tree'
import type { Logger } from '../logging/logger'
import type { StoredArticle } from './article'
import type { ArticleIndex } from './search/index'
import type { ArticleChange, ArticleStore } from './store/article-store'

/** What results and the featured list show of a published article, kept in memory. */
export type CatalogueEntry = {
  id: string
  title: string
  language: string
  featured: boolean
  category?: string
  url?: string
  /** The first paragraph's text, ≤ 200 characters (the featured list's snippet). */
  lead: string
  updatedAt: number
}

const LEAD_LENGTH = 200

function leadOf(blocks: BlockNode[]): string {
  const first = blocks.find((block) => block.type === 'paragraph') ?? blocks[0]
  const text = first ? treeText([first]).replace(/\s+/g, ' ').trim() : ''
  return text.length > LEAD_LENGTH ? `${text.slice(0, LEAD_LENGTH - 1)}…` : text
}

/**
 * The published articles of this instance: the search index and the entries results
 * show, filled from the store at start and kept up to date by its change feed.
 */
export function createCatalogue(options: {
  store: ArticleStore
  index: () => ArticleIndex
  logger: Logger
}) {
  let index = options.index()
  let entries = new Map<string, CatalogueEntry>()
  let unwatch: (() => void) | undefined
  // Changes that arrive while a reload reads the store, applied again once it swapped in.
  let during: ArticleChange[] | undefined

  function apply(stored: StoredArticle, into = entries, to = index) {
    const { article } = stored
    if (!article.published) return void remove(article.id, into, to)
    // What the index and the entry both keep.
    const shared = {
      id: article.id,
      title: article.title,
      language: article.language,
      ...(article.category !== undefined ? { category: article.category } : {}),
    }
    to.upsert({
      ...shared,
      body: article.body,
      ...(article.keywords !== undefined ? { keywords: article.keywords } : {}),
    })
    into.set(article.id, {
      ...shared,
      featured: article.featured,
      ...(article.url !== undefined ? { url: article.url } : {}),
      lead: leadOf(stored.blocks),
      updatedAt: article.updatedAt,
    })
  }
  function remove(id: string, into = entries, to = index) {
    if (into.delete(id)) to.remove(id)
  }
  // A new index filled aside, then swapped in: searches meanwhile use the old one.
  async function reload() {
    const fresh = options.index()
    const freshEntries = new Map<string, CatalogueEntry>()
    during = []
    try {
      for (const stored of await options.store.all()) apply(stored, freshEntries, fresh)
      index = fresh
      entries = freshEntries
      for (const change of during) onChange(change)
    } finally {
      during = undefined
    }
  }
  function onChange(change: ArticleChange) {
    during?.push(change)
    if (change.kind === 'put') apply(change.stored)
    else if (change.kind === 'delete') remove(change.id)
    else
      reload().catch((error: unknown) =>
        options.logger.error('help: reloading the articles failed', { error }),
      )
  }

  return {
    async start() {
      unwatch = await options.store.watch(onChange)
      await reload()
    },
    stop() {
      unwatch?.()
      unwatch = undefined
    },
    get index() {
      return index
    },
    entry: (id: string) => entries.get(id),
    entries: () => entries.values(),
    get size() {
      return entries.size
    },
  }
}

export type Catalogue = ReturnType<typeof createCatalogue>
