import { ModelOverview } from '../answers/ModelOverview'
import { HelpTable } from './HelpTable'
import type { HelpStats } from './help-types'
import { languageName } from './languages'

const NUMBERS: [Exclude<keyof HelpStats, 'unanswered' | 'modelFallbackReasons'>, string][] = [
  ['articles', 'Articles'],
  ['searches', 'Searches'],
  ['suggestionsShown', 'Suggestions shown'],
  ['articlesOpened', 'Articles opened'],
  ['helpful', '“It helped” votes'],
  ['deflections', 'Answered without a person'],
  ['botAnswers', 'Bot answers from articles'],
]

const when = (at: number) => (at > 0 ? new Date(at).toLocaleString() : '')

/** The help centre's numbers and the questions visitors asked that no article answers. */
export function HelpOverview({
  stats,
  error,
  onWrite,
}: {
  stats: HelpStats | undefined
  error: string | undefined
  onWrite: (question: string, language: string) => void
}) {
  if (error)
    return (
      <p class="field-error" role="alert">
        The numbers could not be loaded: {error}
      </p>
    )
  if (!stats) return <p role="status">Loading the numbers…</p>
  return (
    <div class="help-overview">
      <dl class="stats-strip" aria-label="Help numbers">
        {NUMBERS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{stats[key].toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <ModelOverview stats={stats} />
      <h3 id="unanswered-title">Questions with no article</h3>
      {stats.unanswered.length === 0 ? (
        <p class="empty">None yet: every question visitors asked found an article.</p>
      ) : (
        <HelpTable
          labelledBy="unanswered-title"
          columns={['Question', 'Language', 'Asked', 'Last asked']}
          actions="Action"
        >
          {stats.unanswered.map((item) => (
            <tr key={`${item.language}:${item.question}`}>
              <td dir="auto">{item.question}</td>
              <td>{item.language ? languageName(item.language) : ''}</td>
              <td>{item.count.toLocaleString()}</td>
              <td>{when(item.lastAt)}</td>
              <td>
                <button
                  type="button"
                  class="ghost"
                  aria-label={`Write an article: ${item.question}`}
                  onClick={() => onWrite(item.question, item.language)}
                >
                  Write an article
                </button>
              </td>
            </tr>
          ))}
        </HelpTable>
      )}
    </div>
  )
}
