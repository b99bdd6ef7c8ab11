import { LANGUAGE_NAMES } from '../../../shared/language-names'
import { LANGUAGES, RTL_LANGUAGES } from '../../../shared/widget-api'

/** The base language of a BCP 47 tag ("pt-BR" → "pt"). */
const baseOf = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? ''

/** A language's name for the lists ("pt-BR" → "Português (pt-BR)"). */
export function languageName(tag: string): string {
  const name = (LANGUAGE_NAMES as Record<string, string>)[baseOf(tag)]
  if (!name) return tag
  return tag === baseOf(tag) ? name : `${name} (${tag})`
}

/** The languages an article can be in: the widget's, plus any tag already in use. */
export function languageOptions(inUse: readonly string[] = []): [string, string][] {
  const tags = [
    ...LANGUAGES,
    ...inUse.filter((tag) => !(LANGUAGES as readonly string[]).includes(tag)),
  ]
  return tags.map((tag) => [tag, languageName(tag)])
}

export const languageDirection = (tag: string): 'rtl' | 'ltr' =>
  (RTL_LANGUAGES as readonly string[]).includes(baseOf(tag)) ? 'rtl' : 'ltr'
