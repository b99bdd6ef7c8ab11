import type { Language } from './widget-api'

/** Each widget language by its own name, for the studio's lists (in LANGUAGES' order). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  ar: 'العربية',
  he: 'עברית',
  fa: 'فارسی',
  zh: '中文（简体）',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
  pl: 'Polski',
  uk: 'Українська',
  cs: 'Čeština',
  sv: 'Svenska',
  da: 'Dansk',
  fi: 'Suomi',
  nb: 'Norsk bokmål',
  tr: 'Türkçe',
  el: 'Ελληνικά',
  hu: 'Magyar',
  ro: 'Română',
  bg: 'Български',
  hr: 'Hrvatski',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  et: 'Eesti',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  hi: 'हिन्दी',
}

/** The studio's options: [code, name] for every widget language. */
export const LANGUAGE_OPTIONS = Object.entries(LANGUAGE_NAMES) as [Language, string][]

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(LANGUAGE_NAMES, value)
