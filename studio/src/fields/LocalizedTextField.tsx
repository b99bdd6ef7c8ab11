import { useState } from 'preact/hooks'
import { isRecord } from '../../../shared/is-record'
import { isLanguage, LANGUAGE_NAMES, LANGUAGE_OPTIONS } from '../../../shared/language-names'
import { useField, useProblemsUnder } from '../draft-context'
import type { StudioLanguage } from '../preview-config'
import { formLabel } from '../sections/section-fields'
import { describedBy, Field, type FieldProps, fieldId } from './Field'
import { MissingLanguages } from './MissingLanguages'
import { Options } from './Options'

/** A text's value in a draft: one string, or one per language (a tab mid-edit may be empty). */
type LocalizedText = string | Partial<Record<string, string>>

/**
 * A text shown to visitors: one string for every language, or one per language
 * (`{ "en": "…", "ru": "…" }`) edited in tabs. Switching to per-language keeps the
 * text as the first language's; switching back keeps the first non-empty one.
 */
export function LocalizedTextField({
  path,
  label,
  hint,
  multiline = false,
}: FieldProps<LocalizedText> & { multiline?: boolean }) {
  const { value, set } = useField(path)
  const name = label ?? formLabel(path) ?? path
  // A problem of one language's text says which language (the tabs show one at a time).
  const problems = useProblemsUnder(path).map((problem) => {
    const lang = problem.path.slice(path.length + 1)
    return isLanguage(lang)
      ? { ...problem, message: `${LANGUAGE_NAMES[lang]}: ${problem.message}` }
      : problem
  })
  const [tab, setTab] = useState<StudioLanguage>('en')
  const id = fieldId(path)
  const perLanguage = isRecord(value)
  // The text per language as the draft holds it (anything else hand-written is dropped).
  const texts: Partial<Record<string, string>> = perLanguage
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {}
  // English and Russian always, then every other language the text has (36 tabs would not fit).
  const shown = [...new Set<StudioLanguage>(['en', 'ru', ...Object.keys(texts).filter(isLanguage)])]

  const togglePerLanguage = (on: boolean) => {
    if (on) set({ en: typeof value === 'string' ? value : '', ru: '' })
    else {
      const first = shown
        .map((lang) => texts[lang])
        .find((text) => typeof text === 'string' && text.trim())
      set(typeof first === 'string' ? first : undefined)
    }
  }
  const control = (controlId: string, text: string, onText: (text: string) => void) => {
    const attributes = {
      ...describedBy(controlId, hint, problems),
      value: text,
      onInput: (event: Event) =>
        onText((event.currentTarget as HTMLInputElement | HTMLTextAreaElement).value),
    }
    return multiline ? <textarea rows={3} {...attributes} /> : <input type="text" {...attributes} />
  }

  return (
    <Field id={perLanguage ? `${id}-${tab}` : id} label={name} hint={hint} problems={problems}>
      <div class="localized">
        <label class="inline-toggle">
          <input
            type="checkbox"
            checked={perLanguage}
            onChange={(event) => togglePerLanguage(event.currentTarget.checked)}
          />
          One text per language
        </label>
        {perLanguage ? (
          <>
            <div class="tabs" role="tablist" aria-label={`${name}: language`}>
              {shown.map((lang) => (
                <button
                  key={lang}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${lang}`}
                  aria-selected={tab === lang}
                  aria-controls={`${id}-panel`}
                  tabIndex={tab === lang ? 0 : -1}
                  onClick={() => setTab(lang)}
                  onKeyDown={(event) => {
                    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
                    const at = shown.indexOf(lang)
                    const step = event.key === 'ArrowRight' ? 1 : -1
                    const next = shown[(at + step + shown.length) % shown.length]
                    if (!next) return
                    setTab(next)
                    // Focus follows the selection (the WAI-ARIA tabs pattern); every tab is rendered.
                    document.getElementById(`${id}-tab-${next}`)?.focus()
                  }}
                >
                  {LANGUAGE_NAMES[lang]}
                  {!(typeof texts[lang] === 'string' && (texts[lang] as string).trim()) &&
                    ' (empty)'}
                </button>
              ))}
            </div>
            <select
              class="add-language"
              aria-label={`${name}: add a language`}
              value=""
              onChange={(event) => {
                const added = event.currentTarget.value
                if (!isLanguage(added)) return
                set({ ...texts, [added]: '' })
                setTab(added)
              }}
            >
              <option value="">Add a language…</option>
              <Options of={LANGUAGE_OPTIONS.filter(([code]) => !shown.includes(code))} />
            </select>
            <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
              {control(
                `${id}-${tab}`,
                typeof texts[tab] === 'string' ? (texts[tab] as string) : '',
                (text) => set({ ...texts, [tab]: text }),
              )}
            </div>
          </>
        ) : (
          control(id, typeof value === 'string' ? value : '', (text) =>
            set(text === '' ? undefined : text),
          )
        )}
      </div>
      <MissingLanguages path={path} value={value} />
    </Field>
  )
}
