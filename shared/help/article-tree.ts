// An article's body as the server parses it from Markdown (server/help/markdown/) and the
// widget, the studio's preview and the public help pages draw it: a tree of plain data,
// never HTML, so nothing in an article can run in a visitor's page. Links are http(s) or
// mailto only and images http(s) only: the parser drops anything else to its text.

/** Inline content of a paragraph, heading, list item or table cell. */
export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'em'; children: InlineNode[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: InlineNode[] }
  | { type: 'image'; src: string; alt: string }
  | { type: 'break' }

/** Block content of an article. */
export type BlockNode =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[] }
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'list'; ordered: boolean; start?: number; items: BlockNode[][] }
  | {
      type: 'table'
      align: ('left' | 'center' | 'right' | null)[]
      header: InlineNode[][]
      rows: InlineNode[][][]
    }
  | { type: 'code'; lang?: string; text: string }
  | { type: 'quote'; children: BlockNode[] }
  | { type: 'rule' }

/** A published article as visitors get it (GET /api/help/articles/:id). */
export type PublicArticle = {
  id: string
  title: string
  language: string
  category?: string
  /** The article's own page when it has one, else the backend's /help/<id>. */
  url: string
  /** Its body, parsed. */
  blocks: BlockNode[]
  /** Epoch ms of its last save. */
  updatedAt: number
}

/** One search result (GET /api/help/search). */
export type ArticleResult = {
  id: string
  title: string
  /** The passage of the article that best answers the query (plain text). */
  snippet: string
  url: string
}

/** The answer of GET /api/help/search and of Porthole.searchArticles. */
export type ArticleSearchAnswer = {
  results: ArticleResult[]
  /** Whether the first result answers the question. */
  confident: boolean
}
