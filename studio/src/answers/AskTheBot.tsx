import { useState } from 'preact/hooks'
import { LanguageSelect } from '../articles/LanguageSelect'
import { AskResult } from './AskResult'
import type { ModelState } from './answer-types'
import type { AnswersApi } from './answers-api'
import { FALLBACK_TEXTS } from './fallback-texts'
import { type AskState, useAsk } from './use-ask'

/** The one line a screen reader hears when the console's state changes. */
function summary(state: AskState): string {
  switch (state.kind) {
    case 'empty':
      return ''
    case 'asking':
      return 'Asking the bot…'
    case 'failed':
      return ''
    case 'answered': {
      const { result } = state
      const found =
        result.fallback === 'off' || result.fallback === 'no_model'
          ? 'no passages searched'
          : `${result.passages.length} ${result.passages.length === 1 ? 'passage' : 'passages'} found`
      return result.fallback === null && result.answer
        ? `Answered, citing ${result.answer.citations.length}; ${found}.`
        : `No written answer: ${result.fallback ? FALLBACK_TEXTS[result.fallback] : 'none'}; ${found}.`
    }
  }
}

/**
 * The "Ask the bot" console: a question and its language, and what the bot would do with
 * it now, with the saved settings: the passages the articles' search found, the model's
 * answer and its citations, or why it fell back; the time and the tokens. No visitor sees it.
 */
export function AskTheBot({
  api,
  model,
  defaultLanguage = 'en',
  unsaved = false,
}: {
  api: AnswersApi
  model: ModelState | undefined
  defaultLanguage?: string
  /** The settings have unsaved changes, which the console does not use. */
  unsaved?: boolean
}) {
  const [question, setQuestion] = useState('')
  const [language, setLanguage] = useState(defaultLanguage)
  const [missing, setMissing] = useState(false)
  const { state, ask } = useAsk(api)
  const asking = state.kind === 'asking'
  return (
    <section class="card ask" id="ask" aria-labelledby="ask-title">
      <h2 id="ask-title">Ask the bot</h2>
      <p class="hint">
        Ask as a visitor would: see the passages of your articles the bot finds, the answer the
        model writes from them with the saved settings, and the time it took. Nothing reaches a
        visitor; the tokens count toward the day’s budget.
      </p>
      {model?.modelConfigured === false && (
        <p class="notice" id="ask-no-model">
          No model is configured on the server, so the bot answers with articles only. You still see
          the passages it finds.
        </p>
      )}
      {unsaved && (
        <p class="notice" id="ask-unsaved">
          Your changes are not saved yet: the bot answers here with the saved settings until you
          save.
        </p>
      )}
      <form
        class="ask-form"
        aria-label="Ask the bot"
        onSubmit={(event) => {
          event.preventDefault()
          const text = question.trim()
          setMissing(text === '')
          if (text !== '') void ask(text, language)
        }}
      >
        <div class={`field${missing ? ' has-error' : ''}`}>
          <label for="ask-question">Question</label>
          <textarea
            id="ask-question"
            rows={2}
            value={question}
            aria-invalid={missing ? 'true' : undefined}
            aria-describedby={missing ? 'ask-question-error' : undefined}
            onInput={(event) => setQuestion(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter asks, as in the chat; Shift+Enter makes a new line.
              if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
                event.preventDefault()
                event.currentTarget.form?.requestSubmit()
              }
            }}
          />
          {missing && (
            <p class="field-error" id="ask-question-error">
              Type a question first.
            </p>
          )}
        </div>
        <div class="field">
          <label for="ask-language">Language</label>
          <LanguageSelect id="ask-language" value={language} onChange={setLanguage} />
        </div>
        <button type="submit" class="primary" disabled={asking}>
          {asking ? 'Asking…' : 'Ask'}
        </button>
      </form>
      <p class="visually-hidden" role="status">
        {summary(state)}
      </p>
      {state.kind === 'empty' && <p class="empty">The answer and the passages found show here.</p>}
      {state.kind === 'asking' && (
        <p class="empty" aria-hidden="true">
          Asking the bot…
        </p>
      )}
      {state.kind === 'failed' && (
        <p class="field-error" role="alert">
          The question could not be tried: {state.error}
        </p>
      )}
      {state.kind === 'answered' && <AskResult result={state.result} language={state.language} />}
    </section>
  )
}
