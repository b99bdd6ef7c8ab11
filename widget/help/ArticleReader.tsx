import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import type { PublicArticle } from '../../shared/help/article-tree'
import { ArticleBlocks } from './ArticleBlocks'
import type { HelpClient } from './help-client'
import type { HelpStrings } from './help-strings'

interface Props {
  client: HelpClient
  id: string
  /** Known from the list or the suggestion it was opened from, shown while it loads. */
  title?: string
  /** What the visitor searched or typed, sent with the events. */
  query?: string
  t: HelpStrings
  onBack: () => void
  onTalk: () => void
}

/**
 * One article inside the chat window: its title (focused, the view's heading), its body,
 * its own page, and "Did this answer your question? Yes / Talk to a person".
 */
export function ArticleReader({ client, id, title, query, t, onBack, onTalk }: Props) {
  const [article, setArticle] = useState<PublicArticle>()
  const [failed, setFailed] = useState(false)
  const [voted, setVoted] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const heading = useRef<HTMLHeadingElement>(null)
  const thanks = useRef<HTMLParagraphElement>(null)
  useLayoutEffect(() => heading.current?.focus(), [id])
  // The buttons go once the visitor has answered: the focus moves to the thanks.
  useLayoutEffect(() => {
    if (voted) thanks.current?.focus()
  }, [voted])
  useEffect(() => {
    let live = true
    setFailed(false)
    client.article(id).then(
      (loaded) => {
        if (!live) return
        setArticle(loaded)
        client.event({ type: 'article_opened', articleId: id, query })
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [id, attempt])
  const name = article?.title ?? title
  return (
    <div class="ph-help" aria-busy={!article && !failed}>
      <button type="button" class="ph-help-link ph-help-back" onClick={onBack}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" />
        </svg>
        {t.back}
      </button>
      <h2 ref={heading} tabIndex={-1} dir="auto">
        {name ?? t.loading}
      </h2>
      {failed ? (
        <p class="ph-help-status" role="alert">
          {t.failed}{' '}
          <button type="button" class="ph-help-link" onClick={() => setAttempt(attempt + 1)}>
            {t.retry}
          </button>
        </p>
      ) : article ? (
        <>
          <div class="ph-article-body" lang={article.language || undefined}>
            <ArticleBlocks blocks={article.blocks} />
          </div>
          <a class="ph-help-link" href={article.url} target="_blank" rel="noopener noreferrer">
            {t.openPage}
          </a>
          <div class="ph-feedback">
            <p ref={thanks} tabIndex={-1}>
              {voted ? t.thanks : t.question}
            </p>
            {!voted && (
              <>
                <button
                  type="button"
                  class="ph-primary"
                  onClick={() => {
                    setVoted(true)
                    client.event({ type: 'helpful', articleId: id, query })
                  }}
                >
                  {t.yes}
                </button>
                <button
                  type="button"
                  onClick={() => {
                    client.event({ type: 'not_helpful', articleId: id, query })
                    onTalk()
                  }}
                >
                  {t.talk}
                </button>
              </>
            )}
          </div>
        </>
      ) : (
        <p class="ph-help-status">{t.loading}</p>
      )}
    </div>
  )
}
