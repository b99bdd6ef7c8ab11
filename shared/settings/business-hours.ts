import { z } from 'zod'
import { OUTSIDE_HOURS, TimeOfDay, WEEKDAYS, type Weekday } from '../widget-api'

/** True when `name` is a time zone this runtime knows (an IANA name such as Europe/Berlin). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  return hours * 60 + minutes
}

const Interval = z
  .strictObject({ from: TimeOfDay, to: TimeOfDay })
  .refine((interval) => minutesOf(interval.from) < minutesOf(interval.to), {
    message: 'must end after it starts (split hours past midnight into two days)',
    path: ['to'],
  })

// A real day of the calendar: Date.parse accepts 2026-02-30 (as March 2), so it is read back.
const isCalendarDate = (date: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false
  const at = Date.parse(`${date}T00:00:00Z`)
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === date
}

const CalendarDate = z.string().refine(isCalendarDate, 'must be a calendar date like 2026-12-25')

export const BusinessHours = z.strictObject({
  timezone: z.string().refine(isTimeZone, 'must be a time zone name such as Europe/Berlin'),
  /** Open hours per weekday; a day left out is closed. */
  weekly: z.partialRecord(z.enum(WEEKDAYS), z.array(Interval).max(10)),
  /** Whole days closed (holidays), in the time zone. */
  closedDates: z.array(CalendarDate).max(366).default([]),
  /** Outside the hours: show the offline form (default) or hide the widget. */
  outside: z.enum(OUTSIDE_HOURS).default('offline-form'),
})
export type BusinessHours = z.infer<typeof BusinessHours>

const WEEKDAY_OF: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
}

/** The weekday, date and minute of the day at `at` in `timezone`. */
export function localTime(
  at: number,
  timezone: string,
): { weekday: Weekday; date: string; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return {
    weekday: WEEKDAY_OF[parts.weekday ?? ''] ?? 'mon',
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  }
}

/** True when `at` (ms since the epoch) falls inside the business hours. */
export function isOpenAt(hours: BusinessHours, at: number): boolean {
  const local = localTime(at, hours.timezone)
  if (hours.closedDates.includes(local.date)) return false
  return (hours.weekly[local.weekday] ?? []).some(
    (interval) => minutesOf(interval.from) <= local.minute && local.minute < minutesOf(interval.to),
  )
}
