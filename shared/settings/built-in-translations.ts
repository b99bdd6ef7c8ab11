import { LocalizedText } from './localized-text'

// Where the site owner's text meets Porthole's own translations of a text: the owner's
// words in the languages they wrote; in the others, the built-in translation while the
// owner kept the default, else the owner's text (their words beat a translation of
// different words). docs/site-owners/settings.md, "Texts in every language".

/** The language the built-in texts are written in, and compared in. */
const SOURCE = 'en'

/** Whether the owner kept the built-in text: their English (or their one text) is the default's, or they wrote no English. */
export function keptDefault(
  text: LocalizedText,
  builtIn: Readonly<Record<string, string>>,
): boolean {
  const english = typeof text === 'string' ? text : text[SOURCE]
  return english === undefined || english.trim() === builtIn[SOURCE]?.trim()
}

/**
 * The owner's text completed with the built-in translations where the owner kept the
 * default: `{ en: <default>, ru: "…" }` gets German from the built-in texts; a custom
 * English text stays the only text the other languages get.
 *
 * @example withBuiltInTranslations({ ru: 'Привет' }, { en: 'Hi', de: 'Hallo' }) // { en: 'Hi', de: 'Hallo', ru: 'Привет' }
 */
export function withBuiltInTranslations(
  text: LocalizedText,
  builtIn: Readonly<Record<string, string>>,
): LocalizedText {
  if (!keptDefault(text, builtIn)) return text
  return typeof text === 'string' ? { ...builtIn } : { ...builtIn, ...text }
}

/**
 * The languages of `languages` whose visitors do not get the text in their language:
 * neither written by the owner nor translated by Porthole (the studio's line under a text).
 */
export function languagesLacking<L extends string>(
  text: LocalizedText | undefined,
  languages: readonly L[],
  builtIn?: Readonly<Record<string, string>>,
): L[] {
  if (text === undefined) return []
  const complete = builtIn ? withBuiltInTranslations(text, builtIn) : text
  // One text for every language is the owner's choice: no language lacks it.
  if (typeof complete === 'string') return []
  return languages.filter((lang) => complete[lang] === undefined)
}

/** A setting's text with built-in translations: `defaults` when absent, completed by them where the owner kept the default. */
export function textWithTranslations(defaults: Readonly<Record<string, string>>) {
  return LocalizedText.default(defaults).transform((text) =>
    withBuiltInTranslations(text, defaults),
  )
}

/** Whether the owner wrote `text` in `lang` (or its base language); one plain text is in no language in particular. */
export function writtenIn(text: LocalizedText, lang: string): boolean {
  if (typeof text === 'string') return false
  return text[lang] !== undefined || text[lang.split('-')[0] ?? lang] !== undefined
}
