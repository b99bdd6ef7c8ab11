import type { Language } from '../../shared/widget-api'

/** data-lang, then the site setting, then the browser's language; English otherwise. */
export function pickLanguage(...preferences: (string | undefined)[]): Language {
  for (const preference of preferences) {
    const code = preference?.toLowerCase().split('-')[0]
    if (code === 'en' || code === 'ru') return code
  }
  return 'en'
}
