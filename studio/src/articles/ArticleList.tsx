import { ArticleFilters } from './ArticleFilters'
import { HelpTable } from './HelpTable'
import type { ArticleSummary } from './help-types'
import { languageName } from './languages'
import type { useArticleList } from './use-article-list'

type List = ReturnType<typeof useArticleList>

/** The articles, newest first, a page at a time, with their publish and delete actions. */
export function ArticleList({
  list,
  busy,
  onOpen,
  onTogglePublished,
  onDelete,
  searchDelayMs,
}: {
  list: List
  busy: boolean
  onOpen: (id: string) => void
  onTogglePublished: (article: ArticleSummary) => void
  onDelete: (article: ArticleSummary) => void
  searchDelayMs?: number
}) {
  const { page, query, pageSize } = list
  const offset = query.offset ?? 0
  const shown = page?.articles ?? []
  const total = page?.total ?? 0
  return (
    <div class="article-list">
      <ArticleFilters
        query={query}
        page={page}
        onFilter={list.filter}
        searchDelayMs={searchDelayMs}
      />
      {list.error && (
        <p class="field-error" role="alert">
          The articles could not be loaded: {list.error}
        </p>
      )}
      <p class="hint" role="status">
        {!page
          ? 'Loading the articles…'
          : total === 0
            ? 'No articles match.'
            : `Articles ${offset + 1}–${offset + shown.length} of ${total.toLocaleString()}`}
      </p>
      {shown.length > 0 && (
        <HelpTable
          caption="Articles"
          columns={['Title', 'Language', 'Category', 'Status', 'Updated']}
          actions="Actions"
        >
          {shown.map((article) => (
            <tr key={article.id}>
              <td>
                <button
                  type="button"
                  class="link"
                  dir="auto"
                  disabled={busy}
                  onClick={() => onOpen(article.id)}
                >
                  {article.title}
                </button>
                <span class="hint article-id">{article.id}</span>
              </td>
              <td>{languageName(article.language)}</td>
              <td dir="auto">{article.category ?? ''}</td>
              <td>
                <span class={`badge${article.published ? ' ok' : ''}`}>
                  {article.published ? 'Published' : 'Draft'}
                </span>
                {article.featured && <span class="badge">Featured</span>}
              </td>
              <td>{article.updatedAt ? new Date(article.updatedAt).toLocaleString() : ''}</td>
              <td class="row-actions">
                <button
                  type="button"
                  class="ghost"
                  disabled={busy}
                  aria-label={`${article.published ? 'Unpublish' : 'Publish'} “${article.title}”`}
                  onClick={() => onTogglePublished(article)}
                >
                  {article.published ? 'Unpublish' : 'Publish'}
                </button>
                <button
                  type="button"
                  class="ghost danger"
                  disabled={busy}
                  aria-label={`Delete “${article.title}”`}
                  onClick={() => onDelete(article)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </HelpTable>
      )}
      {total > pageSize && (
        <nav class="pager" aria-label="Article pages">
          <button
            type="button"
            disabled={offset === 0}
            onClick={() => list.goTo(offset - pageSize)}
          >
            Previous
          </button>
          <span>
            Page {Math.floor(offset / pageSize) + 1} of {Math.ceil(total / pageSize)}
          </span>
          <button
            type="button"
            disabled={offset + pageSize >= total}
            onClick={() => list.goTo(offset + pageSize)}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  )
}
