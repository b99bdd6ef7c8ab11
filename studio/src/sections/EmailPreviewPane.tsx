import { useContext, useEffect, useState } from 'preact/hooks'
import { isLanguage, LANGUAGE_OPTIONS } from '../../../shared/language-names'
import type { EmailPreview, StudioApi } from '../api'
import { DraftContext } from '../draft-context'
import { Options } from '../fields/Options'
import { SegmentedChoice } from '../fields/SegmentedChoice'
import { applyFrameStyles, frameHtml } from './email-frame'

/** How long typing may pause before the e-mail preview asks the backend again. */
export const EMAIL_PREVIEW_DEBOUNCE_MS = 400

/**
 * The e-mail a visitor gets, as the backend renders it (POST /admin/api/email/preview)
 * with sample replies and the unsaved settings, in each language the widget has: the
 * HTML in a sandboxed frame (no scripts, no same-origin access), or the plain text.
 */
export function EmailPreviewPane({ api }: { api: StudioApi }) {
  const draft = useContext(DraftContext)?.draft ?? {}
  const initial: string = isLanguage(draft.defaultLang) ? draft.defaultLang : 'en'
  const [lang, setLang] = useState(initial)
  const [view, setView] = useState<'html' | 'text'>('html')
  const [preview, setPreview] = useState<EmailPreview | undefined>()
  const [error, setError] = useState<string | undefined>()

  useEffect(() => {
    let live = true
    const timer = setTimeout(() => {
      api.emailPreview(lang, draft).then(
        (next) => {
          if (!live) return
          setPreview(next)
          setError(undefined)
        },
        (failure: unknown) => {
          if (live) setError(failure instanceof Error ? failure.message : String(failure))
        },
      )
    }, EMAIL_PREVIEW_DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [api, lang, draft])

  return (
    <section class="email-preview" aria-labelledby="email-preview-title">
      <h3 id="email-preview-title">The e-mail a visitor gets</h3>
      <p class="hint">
        With two sample replies from an agent. A real e-mail holds the visitor’s own replies, a link
        back to their chat and an unsubscribe link.
      </p>
      <div class="preview-controls">
        <div class="field">
          <label for="email-preview-lang">Language of the e-mail</label>
          <select
            id="email-preview-lang"
            value={lang}
            onChange={(event) => setLang(event.currentTarget.value)}
          >
            <Options of={LANGUAGE_OPTIONS} />
          </select>
        </div>
        <SegmentedChoice
          legend="Show"
          value={view}
          onChange={setView}
          options={{ html: 'HTML', text: 'Plain text' }}
        />
      </div>
      {error && (
        <p class="field-error" role="alert">
          The preview could not be made: {error}
        </p>
      )}
      {preview ? (
        <>
          <p class="email-subject">
            <span class="hint">Subject:</span> <strong>{preview.subject}</strong>
          </p>
          {view === 'html' ? (
            <iframe
              class="email-frame"
              title="E-mail preview"
              // No allow-scripts: nothing in the e-mail runs. Same origin only so the studio
              // can apply the e-mail's styles (email-frame.ts).
              sandbox="allow-same-origin"
              srcdoc={frameHtml(preview.html)}
              onLoad={(event) => applyFrameStyles(event.currentTarget)}
            />
          ) : (
            <pre class="email-text">{preview.text}</pre>
          )}
        </>
      ) : (
        !error && <p role="status">Rendering the e-mail…</p>
      )}
    </section>
  )
}
