import type { Language } from '../../shared/widget-api'
import type { Translation } from './translation'

type TranslationModule = { default: Translation }

/**
 * One lazy import per language but English: the build turns each into a chunk named after
 * the chat's (chat-<hash>.js<lang>.js, widget/vite.config.ts), which the loader fetches by
 * that name before engagement; the chat asks for the same file here, so it is fetched once.
 * Each file is data (languages/<lang>.json); the build makes it a module whose default is
 * its Translation (translation-module.ts), so it is typed as one here, and
 * tests/widget/i18n/languages.test.ts checks every file against English.
 */
const files = {
  ru: () => import('./languages/ru.json'),
  ar: () => import('./languages/ar.json'),
  he: () => import('./languages/he.json'),
  fa: () => import('./languages/fa.json'),
  zh: () => import('./languages/zh.json'),
  ja: () => import('./languages/ja.json'),
  ko: () => import('./languages/ko.json'),
  de: () => import('./languages/de.json'),
  fr: () => import('./languages/fr.json'),
  es: () => import('./languages/es.json'),
  it: () => import('./languages/it.json'),
  pt: () => import('./languages/pt.json'),
  nl: () => import('./languages/nl.json'),
  pl: () => import('./languages/pl.json'),
  uk: () => import('./languages/uk.json'),
  cs: () => import('./languages/cs.json'),
  sv: () => import('./languages/sv.json'),
  da: () => import('./languages/da.json'),
  fi: () => import('./languages/fi.json'),
  nb: () => import('./languages/nb.json'),
  tr: () => import('./languages/tr.json'),
  el: () => import('./languages/el.json'),
  hu: () => import('./languages/hu.json'),
  ro: () => import('./languages/ro.json'),
  bg: () => import('./languages/bg.json'),
  hr: () => import('./languages/hr.json'),
  sk: () => import('./languages/sk.json'),
  sl: () => import('./languages/sl.json'),
  lt: () => import('./languages/lt.json'),
  lv: () => import('./languages/lv.json'),
  et: () => import('./languages/et.json'),
  id: () => import('./languages/id.json'),
  vi: () => import('./languages/vi.json'),
  th: () => import('./languages/th.json'),
  hi: () => import('./languages/hi.json'),
}

export const TRANSLATIONS = files as Record<keyof typeof files, () => Promise<unknown>> as Record<
  Exclude<Language, 'en'>,
  () => Promise<TranslationModule>
>

const loaded = new Map<string, Translation>()

/** The language's strings, fetched once; undefined for English (built into the chunks). */
export async function loadTranslation(lang: Language): Promise<Translation | undefined> {
  if (lang === 'en') return undefined
  const translation = loaded.get(lang) ?? (await TRANSLATIONS[lang]()).default
  loaded.set(lang, translation)
  return translation
}

/** The strings loadTranslation fetched (the chat awaits it before it renders); English: undefined. */
export const translated = (lang: Language): Translation | undefined => loaded.get(lang)
