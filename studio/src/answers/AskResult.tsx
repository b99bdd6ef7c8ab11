import { useMemo } from 'preact/hooks'
import { markdownTree } from '../../../shared/help/markdown-tree'
import { ArticleBlocks } from '../../../widget/help/ArticleBlocks'
import { languageDirection } from '../articles/languages'
import { AskPassages, passageId } from './AskPassages'
import type { TriedAnswer } from './answer-types'
import { FALLBACK_TEXTS } from './fallback-texts'

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * One tried question: the answer as the widget renders its Markdown (or why the bot fell
 * back to the article answer), the passages it cited, the time and the tokens, then every
 * passage the articles' search gave the model (none when the bot did not search).
 */
export function AskResult({ result, language }: { result: TriedAnswer; language: string }) {
  const { answer, fallback, passages } = result
  // Off, or no model: the bot gives the article answer without searching for passages.
  const searched = fallback !== 'off' && fallback !== 'no_model'
  const blocks = useMemo(() => (answer ? markdownTree(answer.markdown) : []), [answer])
  const cited = (articleId: string) =>
    passages.findIndex((passage) => passage.articleId === articleId)
  return (
    <div class="ask-result">
      <h3 id="ask-answer-title">Answer</h3>
      {answer && fallback === null ? (
        <article
          class="ph-article ask-answer"
          aria-labelledby="ask-answer-title"
          lang={language || undefined}
          dir={languageDirection(language)}
        >
          <div class="ph-article-body">
            <ArticleBlocks blocks={blocks} />
          </div>
        </article>
      ) : (
        <p class="ask-fallback">
          <strong>No written answer:</strong>{' '}
          {fallback ? FALLBACK_TEXTS[fallback] : 'The model gave none'}. Visitors get the article
          answer instead.
        </p>
      )}
      {answer && answer.citations.length > 0 && (
        <>
          <h4 id="ask-cites-title">Cites</h4>
          <ul class="ask-citations" aria-labelledby="ask-cites-title">
            {answer.citations.map((articleId) => {
              const index = cited(articleId)
              const passage = passages[index]
              return (
                <li key={articleId}>
                  {passage ? (
                    <a href={`#${passageId(index)}`}>{passage.title}</a>
                  ) : (
                    <span>{articleId} (not among the passages)</span>
                  )}
                </li>
              )
            })}
          </ul>
        </>
      )}
      {searched && (
        <p class="ask-meta">
          {seconds(result.ms)} · {result.tokens.in.toLocaleString()} tokens in,{' '}
          {result.tokens.out.toLocaleString()} out
        </p>
      )}
      {searched ? (
        <AskPassages passages={passages} />
      ) : (
        <p class="empty">The bot did not search the articles for passages.</p>
      )}
    </div>
  )
}
