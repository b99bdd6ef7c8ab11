import type { Language } from '../../shared/widget-api'

// The loader's copy of LANGUAGES (shared/widget-api.ts; tests/widget/i18n/languages.test.ts
// keeps the two equal): one run of two-letter codes costs the loader the fewest bytes.
export const LANGS =
  'enruarhefazhjakodefresitptnlplukcssvdafinbtrelhurobghrskslltlvetidvithhi'.match(
    /../g,
  ) as string[]

/** The widget's language for a tag (`pt-BR` → `pt`); undefined when the widget has none. */
export function languageOf(tag: string | undefined): Language | undefined {
  const code = tag?.toLowerCase().split('-')[0] as Language
  return LANGS.includes(code) ? code : undefined
}

/** data-lang, then the site setting, then the browser's language; English otherwise. */
export const pickLanguage = (...preferences: (string | undefined)[]): Language =>
  preferences.map(languageOf).find(Boolean) ?? 'en'

/** Arabic, Hebrew and Persian: laid out right to left whatever the page's direction. */
export const isRightToLeft = (lang: string): boolean => /^(ar|he|fa)$/.test(lang)
