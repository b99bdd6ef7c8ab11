import { useEffect, useRef, useState } from 'preact/hooks'
import { ARTICLE_STATUSES, type ArticlePage, type ArticleQuery } from './help-types'
import { languageName } from './languages'

const STATUS_NAMES = { published: 'Published', draft: 'Drafts' } as const

/** Search as you type (a short pause first) and the language, category and status filters. */
export function ArticleFilters({
  query,
  page,
  onFilter,
  searchDelayMs = 300,
}: {
  query: ArticleQuery
  page: ArticlePage | undefined
  onFilter: (change: Partial<ArticleQuery>) => void
  searchDelayMs?: number
}) {
  const [text, setText] = useState(query.q ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const search = (q: string, delay: number) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => onFilter({ q: q.trim() || undefined }), delay)
  }
  const choice = (value: string) => (value === '' ? undefined : value)
  return (
    <form
      class="article-filters"
      aria-label="Find articles"
      onSubmit={(event) => {
        event.preventDefault()
        search(text, 0)
      }}
    >
      <label class="filter grow">
        <span>Search</span>
        <input
          type="search"
          value={text}
          placeholder="Title or id"
          onInput={(event) => {
            setText(event.currentTarget.value)
            search(event.currentTarget.value, searchDelayMs)
          }}
        />
      </label>
      <label class="filter">
        <span>Language</span>
        <select
          value={query.language ?? ''}
          onChange={(event) => onFilter({ language: choice(event.currentTarget.value) })}
        >
          <option value="">All</option>
          {(page?.languages ?? []).map((tag) => (
            <option key={tag} value={tag}>
              {languageName(tag)}
            </option>
          ))}
        </select>
      </label>
      <label class="filter">
        <span>Category</span>
        <select
          value={query.category ?? ''}
          onChange={(event) => onFilter({ category: choice(event.currentTarget.value) })}
        >
          <option value="">All</option>
          {(page?.categories ?? []).map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </label>
      <label class="filter">
        <span>Status</span>
        <select
          value={query.status ?? ''}
          onChange={(event) => {
            const status = ARTICLE_STATUSES.find((known) => known === event.currentTarget.value)
            onFilter({ status })
          }}
        >
          <option value="">All</option>
          {ARTICLE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_NAMES[status]}
            </option>
          ))}
        </select>
      </label>
    </form>
  )
}
