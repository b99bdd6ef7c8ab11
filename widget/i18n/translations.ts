import type { Language } from '../../shared/widget-api'
import type { Translation } from './translation'

type TranslationModule = { default: Translation }

/**
 * One lazy import per language but English: the build turns each into a chunk named after
 * the chat's (chat-<hash>.js<lang>.js, widget/vite.config.ts), which the loader fetches by
 * that name before engagement; the chat asks for the same file here, so it is fetched once.
 */
export const TRANSLATIONS: Record<Exclude<Language, 'en'>, () => Promise<TranslationModule>> = {
  ru: () => import('./languages/ru'),
  ar: () => import('./languages/ar'),
  he: () => import('./languages/he'),
  fa: () => import('./languages/fa'),
  zh: () => import('./languages/zh'),
  ja: () => import('./languages/ja'),
  ko: () => import('./languages/ko'),
  de: () => import('./languages/de'),
  fr: () => import('./languages/fr'),
  es: () => import('./languages/es'),
  it: () => import('./languages/it'),
  pt: () => import('./languages/pt'),
  nl: () => import('./languages/nl'),
  pl: () => import('./languages/pl'),
  uk: () => import('./languages/uk'),
  cs: () => import('./languages/cs'),
  sv: () => import('./languages/sv'),
  da: () => import('./languages/da'),
  fi: () => import('./languages/fi'),
  nb: () => import('./languages/nb'),
  tr: () => import('./languages/tr'),
  el: () => import('./languages/el'),
  hu: () => import('./languages/hu'),
  ro: () => import('./languages/ro'),
  bg: () => import('./languages/bg'),
  hr: () => import('./languages/hr'),
  sk: () => import('./languages/sk'),
  sl: () => import('./languages/sl'),
  lt: () => import('./languages/lt'),
  lv: () => import('./languages/lv'),
  et: () => import('./languages/et'),
  id: () => import('./languages/id'),
  vi: () => import('./languages/vi'),
  th: () => import('./languages/th'),
  hi: () => import('./languages/hi'),
}

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
