import type { Language } from '../../../shared/widget-api'
import { TRANSCRIPT_TEXTS_ASIA } from './transcript-texts/asia'
import { TRANSCRIPT_TEXTS_EUROPE_NORTH_EAST } from './transcript-texts/europe-north-east'
import { TRANSCRIPT_TEXTS_EUROPE_WEST } from './transcript-texts/europe-west'
import type { TranscriptTexts } from './transcript-texts/type'

export type { TranscriptTexts } from './transcript-texts/type'

/** One set per language of the widget: a language without one is a type error. */
export const TRANSCRIPT_TEXTS: Record<Language, TranscriptTexts> = {
  ...TRANSCRIPT_TEXTS_EUROPE_WEST,
  ...TRANSCRIPT_TEXTS_EUROPE_NORTH_EAST,
  ...TRANSCRIPT_TEXTS_ASIA,
}

/** The transcript's texts in `lang`. */
export const transcriptTexts = (lang: Language): TranscriptTexts => TRANSCRIPT_TEXTS[lang]
