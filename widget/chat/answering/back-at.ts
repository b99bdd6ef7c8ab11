import { EN } from '../../i18n/english'
import type { Translation } from '../../i18n/translation'

/** "Back at 9:00" / "Back Monday at 9:00": a language file's `answering.back`. */
export type BackStrings = Pick<Translation['answering'], 'back'>

/** English (widget/i18n/languages/en.json), built into this chunk. */
export const EN_BACK_STRINGS: BackStrings = { back: EN.answering.back }

const DAY_MS = 86_400_000

interface BackAtOptions {
  lang: string
  strings: BackStrings
  /** Now (ms since the epoch): whether `opensAt` is today, this week or later. */
  now?: number
  /** The visitor's time zone (the browser's when absent). */
  timeZone?: string
}

/**
 * When the team is back, in the visitor's language and time zone: the time alone today,
 * with the weekday within a week, with the date after that (a holiday).
 *
 * @example backAt(Date.parse('2026-11-30T08:00:00Z'), { lang: 'en', strings: EN_BACK_STRINGS }) // "Back Monday at 9:00 AM"
 */
export function backAt(opensAt: number, options: BackAtOptions): string {
  const { lang, strings, now = Date.now(), timeZone } = options
  const format = (at: number, shown: Intl.DateTimeFormatOptions, locale = lang) =>
    new Intl.DateTimeFormat(locale, { timeZone, ...shown }).format(at)
  // The calendar day in the visitor's zone, as YYYY-MM-DD (Canadian English's order).
  const day = (at: number) =>
    Date.parse(format(at, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA'))
  const time = format(opensAt, { hour: 'numeric', minute: '2-digit' })
  const days = Math.round((day(opensAt) - day(now)) / DAY_MS)
  if (days <= 0) return strings.back(time)
  return strings.back(
    time,
    format(
      opensAt,
      days < 7 ? { weekday: 'long' } : { weekday: 'long', day: 'numeric', month: 'long' },
    ),
  )
}
