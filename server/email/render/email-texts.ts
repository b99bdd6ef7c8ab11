import type { Language } from '../../../shared/widget-api'
import { EMAIL_TEXTS_ASIA } from './email-texts/asia'
import { EMAIL_TEXTS_EUROPE_NORTH_EAST } from './email-texts/europe-north-east'
import { EMAIL_TEXTS_EUROPE_WEST } from './email-texts/europe-west'
import type { EmailTexts } from './email-texts/type'

export type { EmailTexts } from './email-texts/type'

/** One set per language of the widget: a language without one is a type error. */
export const EMAIL_TEXTS: Record<Language, EmailTexts> = {
  ...EMAIL_TEXTS_EUROPE_WEST,
  ...EMAIL_TEXTS_EUROPE_NORTH_EAST,
  ...EMAIL_TEXTS_ASIA,
}

/** `template` with each `{name}` replaced by its value (values are not templates). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/** The e-mail's texts in the visitor's language. */
export const emailTexts = (lang: Language): EmailTexts => EMAIL_TEXTS[lang]
