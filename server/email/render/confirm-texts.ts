import type { Language } from '../../../shared/widget-api'
import { CONFIRM_TEXTS_ASIA } from './confirm-texts/asia'
import { CONFIRM_TEXTS_EUROPE_NORTH_EAST } from './confirm-texts/europe-north-east'
import { CONFIRM_TEXTS_EUROPE_WEST } from './confirm-texts/europe-west'
import type { ConfirmTexts } from './confirm-texts/type'

export type { ConfirmTexts } from './confirm-texts/type'

/** One set per language of the widget: a language without one is a type error. */
export const CONFIRM_TEXTS: Record<Language, ConfirmTexts> = {
  ...CONFIRM_TEXTS_EUROPE_WEST,
  ...CONFIRM_TEXTS_EUROPE_NORTH_EAST,
  ...CONFIRM_TEXTS_ASIA,
}

/** The confirmation e-mail's texts in `lang`. */
export const confirmTexts = (lang: Language): ConfirmTexts => CONFIRM_TEXTS[lang]
