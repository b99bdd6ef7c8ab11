import type { Language } from '../../../shared/widget-api'
import { LINK_PAGE_TEXTS_ASIA } from './link-page-texts/asia'
import { LINK_PAGE_TEXTS_EUROPE_EAST } from './link-page-texts/europe-east'
import { LINK_PAGE_TEXTS_EUROPE_NORTH } from './link-page-texts/europe-north'
import { LINK_PAGE_TEXTS_EUROPE_WEST } from './link-page-texts/europe-west'
import type { LinkPageTexts } from './link-page-texts/type'

export type { LinkPageTexts } from './link-page-texts/type'

/** One set per language of the widget: a language without one is a type error. */
export const LINK_PAGE_TEXTS: Record<Language, LinkPageTexts> = {
  ...LINK_PAGE_TEXTS_EUROPE_WEST,
  ...LINK_PAGE_TEXTS_EUROPE_EAST,
  ...LINK_PAGE_TEXTS_EUROPE_NORTH,
  ...LINK_PAGE_TEXTS_ASIA,
}

/** The link pages' texts in `lang`. */
export const linkPageTexts = (lang: Language): LinkPageTexts => LINK_PAGE_TEXTS[lang]
