import type { Settings } from '../../shared/settings/settings-file'
import { languagesOf } from '../../shared/settings/site-text'

/** Every language the settings' texts are written in, the default first. */
export function offeredLanguages(settings: Settings): string[] {
  const texts = [
    settings.title,
    settings.greeting,
    settings.offlineText,
    settings.offlineForm.intro,
    ...settings.invitations.map((rule) => rule.text),
  ]
  return [...new Set([settings.defaultLang, ...texts.flatMap(languagesOf)])]
}

// A language range of RFC 4647 other than `*`: what can name a language of the settings.
const LANGUAGE_RANGE = /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/

/** Accept-Language's tags, most wanted first (q=0 dropped), lower-cased. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .slice(0, 30)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => LANGUAGE_RANGE.test(entry.tag) && entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag)
}

/**
 * The language to show the texts in: the `lang` query parameter when the settings offer
 * it, else the visitor's most wanted language the settings offer (exactly, or by its base
 * language: `ru-RU` takes `ru`), else the settings' default.
 */
export function chooseLanguage(
  settings: Settings,
  request: { acceptLanguage: string | undefined; lang: string | undefined },
): string {
  const offered = offeredLanguages(settings)
  const byLower = new Map(offered.map((lang) => [lang.toLowerCase(), lang]))
  const wanted = [
    ...(request.lang ? [request.lang.toLowerCase()] : []),
    ...acceptedLanguages(request.acceptLanguage),
  ]
  for (const tag of wanted) {
    const found = byLower.get(tag) ?? byLower.get(tag.split('-')[0] ?? tag)
    if (found) return found
  }
  return settings.defaultLang
}
