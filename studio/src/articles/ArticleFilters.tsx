import { useEffect, useRef, useState } from 'preact/hooks'
import { FilterSelect } from './FilterSelect'
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
      <FilterSelect
        label="Language"
        value={query.language}
        options={(page?.languages ?? []).map((tag) => [tag, languageName(tag)] as const)}
        onChange={(language) => onFilter({ language })}
      />
      <FilterSelect
        label="Category"
        value={query.category}
        options={(page?.categories ?? []).map((category) => [category, category] as const)}
        onChange={(category) => onFilter({ category })}
      />
      <FilterSelect
        label="Status"
        value={query.status}
        options={ARTICLE_STATUSES.map((status) => [status, STATUS_NAMES[status]] as const)}
        onChange={(status) => onFilter({ status })}
      />
    </form>
  )
}
