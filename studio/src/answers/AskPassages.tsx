import type { Passage } from './answer-types'

/** The DOM id of the `index`-th passage (counted from 0), for the citations' links. */
export const passageId = (index: number) => `ask-passage-${index + 1}`

/** The passages the articles' search gave the model, best first, with their scores. */
export function AskPassages({ passages }: { passages: Passage[] }) {
  return (
    <>
      <h3 id="ask-passages-title">Passages found ({passages.length})</h3>
      {passages.length === 0 ? (
        <p class="empty">
          No article matched the question: the bot would hand over or ask to say it differently.
        </p>
      ) : (
        <ol class="ask-passages" aria-labelledby="ask-passages-title">
          {passages.map((passage, index) => (
            <li key={`${passage.articleId}-${index}`} id={passageId(index)} tabIndex={-1}>
              <div class="ask-passage-head">
                <strong dir="auto">{passage.title}</strong>
                <span class="hint">
                  {passage.articleId} · score {passage.score.toFixed(2)}
                </span>
              </div>
              <p dir="auto">{passage.text}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
