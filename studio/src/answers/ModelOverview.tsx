import type { HelpStats } from '../articles/help-types'
import { FALLBACK_REASONS } from './answer-types'
import { FALLBACK_TEXTS } from './fallback-texts'

type ModelNumbers = Pick<
  HelpStats,
  'modelAnswers' | 'modelHelped' | 'modelFallbacks' | 'modelFallbackReasons'
>

/** The model's written answers in the help numbers: sent, “That helped”, fallbacks by reason. */
export function ModelOverview({ stats }: { stats: ModelNumbers }) {
  const reasons = FALLBACK_REASONS.flatMap((reason) => {
    const n = stats.modelFallbackReasons[reason]
    return n ? [[reason, n] as const] : []
  })
  return (
    <div class="model-overview">
      <h3 id="model-numbers-title">Written answers</h3>
      <dl class="stats-strip" aria-labelledby="model-numbers-title">
        <div>
          <dt>Written answers sent</dt>
          <dd>{stats.modelAnswers.toLocaleString()}</dd>
        </div>
        <div>
          <dt>“That helped” votes</dt>
          <dd>{stats.modelHelped.toLocaleString()}</dd>
        </div>
        <div>
          <dt>Article answers instead</dt>
          <dd>{stats.modelFallbacks.toLocaleString()}</dd>
        </div>
      </dl>
      {reasons.length > 0 && (
        <div class="table-scroll">
          <table class="articles-table">
            <caption>Why the article answer went instead</caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col">Times</th>
              </tr>
            </thead>
            <tbody>
              {reasons.map(([reason, n]) => (
                <tr key={reason}>
                  <td>{FALLBACK_TEXTS[reason]}</td>
                  <td>{n.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
