import type { Language } from '../../shared/widget-api'
import type { Translation } from '../../widget/i18n/translation'

/** A language's file (widget/i18n/languages/) as the build makes it and the loader fetches it. */
export async function languageFile(lang: Exclude<Language, 'en'>): Promise<Translation> {
  const module = (await import(`../../widget/i18n/languages/${lang}.json`)) as {
    default: Translation
  }
  return module.default
}
