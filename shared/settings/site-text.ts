import { z } from 'zod'
import { LanguageTag } from './localized-text'

/**
 * A text the site owner writes: one string, or one per language
 * (`{ "en": "Chat with us", "ru": "Напишите нам" }`). Each text at most `max` characters.
 */
export function siteText(max: number) {
  const one = z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
  return z.union(
    [
      one,
      z
        .record(LanguageTag, one)
        .refine((texts) => Object.keys(texts).length > 0, 'must hold at least one language'),
    ],
    { error: 'must be a text, or texts by language such as {"en": "…", "ru": "…"}' },
  )
}
export type SiteText = string | Record<string, string>

/** The languages a text is written in (none for a plain string). */
export function languagesOf(text: SiteText | undefined): string[] {
  return text === undefined || typeof text === 'string' ? [] : Object.keys(text)
}

/** The text in `lang` (or its base language), else in `fallback`, else the first one given. */
export function resolveText(text: SiteText, lang: string, fallback: string): string {
  if (typeof text === 'string') return text
  const base = lang.split('-')[0] ?? lang
  return text[lang] ?? text[base] ?? text[fallback] ?? Object.values(text)[0] ?? ''
}
