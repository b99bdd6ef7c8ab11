import type { Weekday } from '../widget-api'
import { type BusinessHours, isOpenAt, localTime, minutesOf } from './business-hours'

const DAY_MS = 86_400_000
// Date#getUTCDay order (0 is Sunday).
const WEEKDAY_BY_INDEX: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** How far ahead an opening is looked for: a year of closed dates and a week past it. */
const LOOKAHEAD_DAYS = 373

/** The zone's offset at `at` (ms): its wall clock read as UTC, minus `at`. */
function offsetAt(at: number, timezone: string): number {
  const local = localTime(at, timezone)
  return Date.parse(`${local.date}T00:00:00Z`) + local.minute * 60_000 - (at - (at % 60_000))
}

/**
 * The moment the wall clock of `timezone` shows `minute` on `date` (YYYY-MM-DD). A time
 * the clock skips (spring forward) is moved on by the gap, as the clock would read it; a
 * time it shows twice (fall back) is its first.
 */
export function atWallTime(date: string, minute: number, timezone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000
  const found = [offsetAt(wall - DAY_MS, timezone), offsetAt(wall + DAY_MS, timezone)]
    .map((offset) => wall - offset)
    .filter((at) => wall - at === offsetAt(at, timezone))
  if (found.length > 0) return Math.min(...found)
  return wall - offsetAt(wall - DAY_MS, timezone)
}

/**
 * When the business hours open next after `at` (ms since the epoch), skipping closed dates,
 * in their time zone; undefined while they are open, or when they never open again.
 */
export function nextOpening(hours: BusinessHours, at: number): number | undefined {
  if (isOpenAt(hours, at)) return undefined
  const today = Date.parse(`${localTime(at, hours.timezone).date}T00:00:00Z`)
  for (let day = 0; day < LOOKAHEAD_DAYS; day++) {
    const midnight = new Date(today + day * DAY_MS)
    const date = midnight.toISOString().slice(0, 10)
    if (hours.closedDates.includes(date)) continue
    const starts = (hours.weekly[WEEKDAY_BY_INDEX[midnight.getUTCDay()] ?? 'mon'] ?? [])
      .map((interval) => minutesOf(interval.from))
      .sort((a, b) => a - b)
    for (const minute of starts) {
      const opens = atWallTime(date, minute, hours.timezone)
      // An interval the clock skips entirely (02:00 to 03:00 on the spring-forward night)
      // does not open at all.
      if (opens > at && isOpenAt(hours, opens)) return opens
    }
  }
  return undefined
}
