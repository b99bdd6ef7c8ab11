import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { ArticleResult } from '../../shared/help/article-tree'
import { adoptStyles } from '../chat/window/adopt-styles'
import { ArticleReader } from './ArticleReader'
import { debouncedSearch } from './debounced-search'
import { HELP_CSS } from './help-styles'
import { ResultList } from './ResultList'
import { type HelpContext, useHelp } from './use-help'

/** Results follow the typing once the visitor pauses this long. */
export const SEARCH_DELAY_MS = 250

export interface HelpViewProps {
  context: HelpContext
  /** The view's heading ("Help", the chat's label of its button). */
  title: string
  /** An article to open first (a suggestion, Porthole.openArticle), with its title if known. */
  article?: { id: string; title?: string }
  /** What the visitor typed in the message box before (sent with the events). */
  query?: string
  /** Back to the conversation: `talk` when they asked for a person, with their question. */
  onLeave: (talk?: { query: string }) => void
}

type Shown = { query: string; results: ArticleResult[]; confident: boolean } | 'failed' | undefined

/**
 * The Help view: a search box, the featured articles, results as the visitor types
 * (debounced, a late answer to older text ignored), and the article reader. Escape goes
 * back one level (the reader to the list, the list to the conversation); the focus moves
 * to the view's heading. Self-contained: it needs only the backend's address and the
 * visitor's language, so any screen of the window can hold it.
 */
export function HelpView({ context, title, article, query: asked = '', onLeave }: HelpViewProps) {
  const { client, t } = useHelp(context)
  const [reading, setReading] = useState(article)
  const [text, setText] = useState('')
  const [featured, setFeatured] = useState<ArticleResult[]>()
  const [shown, setShown] = useState<Shown>()
  const heading = useRef<HTMLHeadingElement>(null)
  const search = useMemo(
    () =>
      debouncedSearch({
        delayMs: SEARCH_DELAY_MS,
        run: (query) => client.search(query, 10),
        onAnswer: (query, answer) =>
          setShown(answer && { query, results: answer.results, confident: answer.confident }),
        onError: () => setShown('failed'),
      }),
    [client],
  )
  useEffect(() => {
    client.featured().then(setFeatured, () => setFeatured([]))
    return search.stop
  }, [client])
  // The list's heading takes the focus when the list shows (opened, or back from an article).
  useLayoutEffect(() => {
    if (!reading) heading.current?.focus()
  }, [reading])
  const query = text.trim()
  const results = query ? (shown === 'failed' ? undefined : shown?.results) : featured
  // Leaving with a question nothing answered: the site owner's "no article" list gets it.
  const leave = (talk?: { query: string }) => {
    if (query && shown !== 'failed' && shown?.query === query && !shown.confident)
      client.event({ type: 'unanswered', query })
    onLeave(talk)
  }
  const talk = () => leave({ query: query || asked })

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the view goes back one level
    <div
      ref={(node) => adoptStyles(node, HELP_CSS)}
      class="ph-help-view"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.stopPropagation()
        if (reading) setReading(undefined)
        else leave()
      }}
    >
      {reading ? (
        <ArticleReader
          client={client}
          id={reading.id}
          title={reading.title}
          query={query || asked || undefined}
          t={t}
          onBack={() => setReading(undefined)}
          onTalk={talk}
        />
      ) : (
        <div class="ph-help">
          <button type="button" class="ph-help-link ph-help-back" onClick={() => leave()}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" />
            </svg>
            {t.toChat}
          </button>
          <h2 ref={heading} tabIndex={-1}>
            {title}
          </h2>
          <input
            type="search"
            class="ph-help-search"
            dir="auto"
            value={text}
            placeholder={t.search}
            aria-label={t.search}
            aria-describedby="ph-help-count"
            // Not the window's: a key here starts no conversation (ChatApp starts the engine
            // at a key in a text box). Tab (the focus ring) and Escape go on as usual.
            onKeyDown={(event) => /^(Tab|Escape)$/.test(event.key) || event.stopPropagation()}
            onInput={(event) => {
              setText(event.currentTarget.value)
              search.input(event.currentTarget.value)
            }}
          />
          <p id="ph-help-count" class="ph-help-status" aria-live="polite">
            {query && shown === 'failed' && (
              <>
                {t.failed}{' '}
                <button type="button" class="ph-help-link" onClick={search.retry}>
                  {t.retry}
                </button>
              </>
            )}
            {query && shown !== 'failed' && shown?.query === query && t.count(shown.results.length)}
          </p>
          {results && results.length > 0 && (
            <>
              <h3>{query ? t.results : t.featured}</h3>
              <ResultList results={results} onOpen={(result) => setReading(result)} />
            </>
          )}
          {query && shown !== 'failed' && shown?.query === query && shown.results.length === 0 && (
            <>
              <p class="ph-help-status">{t.none}</p>
              <button type="button" class="ph-help-link" onClick={talk}>
                {t.talk}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  )
}
