import { LANGUAGES, type Language } from '../../../shared/widget-api'
import { acceptedLanguages } from '../../settings/language'

const isLanguage = (tag: string | undefined): tag is Language =>
  tag !== undefined && (LANGUAGES as readonly string[]).includes(tag)

/**
 * The e-mail's language: the visitor's (when known), else the widget's own interface
 * language from the settings, else the settings' default language, else English, each
 * taken by its base language (`ru-RU` is `ru`) and only when the widget has it.
 *
 * @example emailLanguage({ visitor: 'ru-RU' }) // 'ru'
 */
export function emailLanguage(options: {
  visitor?: string | undefined
  widget?: string | undefined
  defaultLang?: string | undefined
}): Language {
  for (const tag of [options.visitor, options.widget, options.defaultLang]) {
    const base = tag?.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

/**
 * The visitor's most wanted language among the widget's, from Accept-Language (kept in
 * their profile at each session, so their e-mails are in it); undefined when none is.
 *
 * @example visitorLanguage('de-DE, ru;q=0.8') // 'ru'
 */
export function visitorLanguage(acceptLanguage: string | undefined): Language | undefined {
  for (const tag of acceptedLanguages(acceptLanguage)) {
    const base = tag.split('-')[0]
    if (isLanguage(base)) return base
  }
  return undefined
}
