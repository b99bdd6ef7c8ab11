import type { RefObject } from 'preact'
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import type { ArticleResult } from '../../shared/help/article-tree'
import { adoptStyles } from '../chat/window/adopt-styles'
import { debouncedSearch } from './debounced-search'
import { HELP_CSS } from './help-styles'
import { ResultList } from './ResultList'
import { MAX_SUGGESTIONS, suggestionsOf, wantsSuggestions } from './suggestion-rules'
import { type HelpContext, useHelp } from './use-help'

/** Suggestions follow the message box once the visitor pauses this long. */
export const SUGGEST_DELAY_MS = 400

export interface SuggestionsProps {
  context: HelpContext
  /** The message box: its text is read from its own events, so typing re-renders nothing else. */
  input: RefObject<HTMLTextAreaElement | null>
  onOpen: (result: ArticleResult, query: string) => void
}

type Shown = { query: string; results: ArticleResult[] }

/**
 * Up to three articles above the message box while the visitor types, when the backend is
 * confident the first answers (suggestion-rules.ts). It never stands in the way of
 * sending: Enter sends as always (the suggestions go), Escape hides them for this text,
 * a click opens the article inside the chat.
 */
export function Suggestions({ context, input, onOpen }: SuggestionsProps) {
  const { client, t } = useHelp(context)
  const { settings } = context
  const [shown, setShown] = useState<Shown>()
  const [dismissed, setDismissed] = useState<string>()
  const counted = useRef(new Set<string>())
  const visible = shown && shown.results.length > 0 && dismissed !== shown.query ? shown : undefined
  const current = useRef(visible)
  current.current = visible
  const search = useMemo(
    () =>
      debouncedSearch({
        delayMs: SUGGEST_DELAY_MS,
        run: (query) => client.search(query, MAX_SUGGESTIONS),
        accept: (query) => wantsSuggestions(query, settings.lang),
        onAnswer: (query, answer) => setShown(answer && { query, results: suggestionsOf(answer) }),
        // A failed search shows nothing: the visitor is writing to a person anyway.
        onError: () => setShown(undefined),
      }),
    [client],
  )

  useEffect(() => {
    const box = input.current
    if (!box) return
    const follow = () => search.input(box.value)
    const clear = () => {
      search.input('')
      setShown(undefined)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) clear()
      // Escape hides the suggestions first; the next Escape closes the window.
      else if (event.key === 'Escape' && current.current) {
        event.stopPropagation()
        setDismissed(current.current.query)
      }
    }
    follow()
    box.addEventListener('input', follow)
    box.addEventListener('keydown', onKey)
    box.form?.addEventListener('submit', clear)
    return () => {
      search.stop()
      box.removeEventListener('input', follow)
      box.removeEventListener('keydown', onKey)
      box.form?.removeEventListener('submit', clear)
    }
  }, [search])

  // Counted once per text shown (the studio's "suggestions shown").
  useEffect(() => {
    if (!visible || counted.current.has(visible.query)) return
    counted.current.add(visible.query)
    client.event({
      type: 'suggestions_shown',
      query: visible.query,
      articleId: visible.results[0]?.id,
    })
  }, [visible])

  return (
    <div ref={(node) => adoptStyles(node, HELP_CSS)} class="ph-suggest-slot">
      <p class="ph-sr" aria-live="polite">
        {visible ? t.count(visible.results.length) : ''}
      </p>
      {visible && (
        <div class="ph-suggest">
          <div class="ph-suggest-head">
            <span>{t.suggested}</span>
            <button
              type="button"
              class="ph-close"
              aria-label={t.dismiss}
              onClick={() => {
                setDismissed(visible.query)
                input.current?.focus()
              }}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <ResultList
            results={visible.results}
            onOpen={(result) => onOpen(result, visible.query)}
          />
        </div>
      )}
    </div>
  )
}
