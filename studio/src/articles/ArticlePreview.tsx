import { useEffect, useMemo, useState } from 'preact/hooks'
import { markdownTree } from '../../../shared/help/markdown-tree'
import { ArticleBlocks } from '../../../widget/help/ArticleBlocks'
import { languageDirection } from './languages'

/** The pause in typing after which the preview follows the text. */
export const PREVIEW_DELAY_MS = 200

/**
 * The article as visitors will see it in the chat: the same Markdown parser the backend
 * uses and the widget's own renderer, so what shows here is what they get. The text is
 * parsed again once typing pauses, not on every keystroke: a long article takes a
 * noticeable moment to parse, and the keystrokes must not wait for it.
 */
export function ArticlePreview({
  title,
  body,
  language,
  delayMs = PREVIEW_DELAY_MS,
}: {
  title: string
  body: string
  language: string
  delayMs?: number
}) {
  const [shown, setShown] = useState(body)
  useEffect(() => {
    const timer = setTimeout(() => setShown(body), delayMs)
    return () => clearTimeout(timer)
  }, [body, delayMs])
  const blocks = useMemo(() => markdownTree(shown), [shown])
  return (
    <section class="article-preview" aria-labelledby="article-preview-title">
      <h3 id="article-preview-title" class="preview-caption">
        Preview: what visitors see
      </h3>
      <article class="ph-article" lang={language || undefined} dir={languageDirection(language)}>
        <h4 class="ph-article-title" dir="auto">
          {title.trim() || 'Untitled article'}
        </h4>
        <div class="ph-article-body">
          {blocks.length > 0 ? (
            <ArticleBlocks blocks={blocks} />
          ) : (
            <p class="empty">The article’s text shows here as you write it.</p>
          )}
        </div>
      </article>
    </section>
  )
}
