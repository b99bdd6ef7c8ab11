import type { ArticleResult } from '../../shared/help/article-tree'

/** Articles as buttons: the title, then the passage that answers (or the first lines). */
export function ResultList({
  results,
  onOpen,
}: {
  results: ArticleResult[]
  onOpen: (result: ArticleResult) => void
}) {
  return (
    <ul class="ph-help-list">
      {results.map((result) => (
        <li key={result.id}>
          <button type="button" class="ph-help-item" onClick={() => onOpen(result)}>
            <b dir="auto">{result.title}</b>
            {result.snippet && <span dir="auto">{result.snippet}</span>}
          </button>
        </li>
      ))}
    </ul>
  )
}
