import { z } from 'zod'

/** A language tag as site owners write it: `en`, `ru`, `pt-BR`. */
export const LanguageTag = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as "en" or "pt-BR"')

/** One text, or one per language: `"Hello"` or `{ "en": "Hello", "ru": "Здравствуйте" }`. */
export const LocalizedText = z.union(
  [
    z.string().trim().min(1, 'must not be empty'),
    z
      .record(LanguageTag, z.string().trim().min(1, 'must not be empty'))
      .refine((texts) => Object.keys(texts).length > 0, 'must hold at least one language'),
  ],
  { error: 'must be a non-empty text, or texts by language such as {"en": "…", "ru": "…"}' },
)
export type LocalizedText = z.infer<typeof LocalizedText>

/** The text in `language`, else in `fallback`, else the first one given. */
export function pickText(text: LocalizedText, language: string, fallback: string): string {
  if (typeof text === 'string') return text
  const base = language.split('-')[0] ?? language
  const found = text[language] ?? text[base] ?? text[fallback] ?? Object.values(text)[0]
  return found ?? ''
}

/** Fills `{name}` placeholders; unknown names stay as written. */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
