import { isRecord } from '../../../shared/is-record'
import { LANGUAGE_NAMES } from '../../../shared/language-names'
import { keptDefault, languagesLacking } from '../../../shared/settings/built-in-translations'
import { WIDGET_OFFLINE_TEXT } from '../../../shared/settings/widget-default-texts'
import { LANGUAGES } from '../../../shared/widget-api'
import { settingFacts } from './setting-schema'

// The line under a text the visitor reads: which languages' visitors do not get it in
// their language (the rule: docs/site-owners/settings.md, "Texts in every language").

/** Languages named before "and N more". */
const NAMED = 5

/** The widget translates these itself while the owner keeps its default. */
const WIDGET_TRANSLATED: Record<string, { en: string }> = { offlineText: WIDGET_OFFLINE_TEXT }

/** The built-in translations of the text at `path`, in every language (absent: none). */
function builtInOf(path: string): Record<string, string> | undefined {
  const widget = WIDGET_TRANSLATED[path]
  if (widget) return Object.fromEntries(LANGUAGES.map((lang) => [lang, widget.en]))
  const { fallback } = settingFacts(path)
  if (!isRecord(fallback)) return undefined
  const texts = Object.entries(fallback).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  )
  return texts.length === LANGUAGES.length ? Object.fromEntries(texts) : undefined
}

/** What the studio says under the text at `path` of `value` (none for an empty field). */
export function missingLanguagesLine(path: string, value: unknown): string | undefined {
  const text =
    typeof value === 'string' && value.trim() ? value : isRecord(value) ? textsOf(value) : undefined
  if (text === undefined) return undefined
  const builtIn = builtInOf(path)
  if (builtIn && keptDefault(text, builtIn))
    return 'Visitors in the languages you did not write get Porthole’s own translation.'
  if (typeof text === 'string')
    return 'One text for every language: every visitor reads it as written.'
  const lacking = languagesLacking(text, LANGUAGES, builtIn)
  if (lacking.length === 0) return undefined
  const names = lacking.slice(0, NAMED).map((lang) => LANGUAGE_NAMES[lang])
  const more = lacking.length > NAMED ? ` and ${lacking.length - NAMED} more` : ''
  return `Not written in ${lacking.length} languages (${names.join(', ')}${more}): those visitors read it in the default language.`
}

/** The non-empty texts of a per-language value (an empty tab is not written). */
function textsOf(value: Record<string, unknown>): Record<string, string> | undefined {
  const texts = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  )
  return texts.length > 0 ? Object.fromEntries(texts) : undefined
}

/** The line itself, under the field. */
export function MissingLanguages({ path, value }: { path: string; value: unknown }) {
  const line = missingLanguagesLine(path, value)
  return line ? <p class="hint missing-languages">{line}</p> : null
}
