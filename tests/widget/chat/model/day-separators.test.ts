import { afterEach, describe, expect, it } from 'vitest'
import { dayLabel, daySeparators } from '../../../../widget/chat/model/day-separators'

// Local times (new Date(y, m, d, h, min)): the labels follow the visitor's own calendar.
const at = (month: number, day: number, hour = 12, minute = 0, year = 2026) =>
  new Date(year, month - 1, day, hour, minute).getTime()
const now = at(11, 22, 10, 48)

describe('dayLabel', () => {
  it('says Today and Yesterday in the visitor’s language, capitalised', () => {
    expect(dayLabel(at(11, 22, 0, 1), now, 'en')).toBe('Today')
    expect(dayLabel(at(11, 21, 23, 59), now, 'en')).toBe('Yesterday')
    expect(dayLabel(at(11, 22, 9), now, 'ru')).toBe('Сегодня')
    expect(dayLabel(at(11, 21, 9), now, 'ru')).toBe('Вчера')
  })

  it('gives older days as a date, with the year only when it is another year', () => {
    expect(dayLabel(at(11, 20), now, 'en')).toBe('November 20')
    expect(dayLabel(at(11, 20), now, 'ru')).toBe('20 ноября')
    expect(dayLabel(at(12, 31, 12, 0, 2025), now, 'en')).toBe('December 31, 2025')
    expect(dayLabel(at(12, 31, 12, 0, 2025), now, 'ru')).toBe('31 декабря 2025 г.')
  })

  it('counts calendar days, not 24-hour spans', () => {
    // 00:05 today is "Today", 23:55 of the day before "Yesterday": 10 minutes apart.
    const justAfterMidnight = at(11, 22, 0, 5)
    expect(dayLabel(at(11, 21, 23, 55), justAfterMidnight, 'en')).toBe('Yesterday')
    expect(dayLabel(at(11, 20, 0, 5), at(11, 21, 23, 55), 'en')).toBe('Yesterday')
    // New Year: 31 December is yesterday on 1 January.
    expect(dayLabel(at(12, 31, 22, 0, 2025), at(1, 1, 1, 0, 2026), 'en')).toBe('Yesterday')
  })
})

describe('daySeparators', () => {
  it('announces each day once, at its first message', () => {
    const times = [at(11, 20, 9), at(11, 20, 18), at(11, 21, 8), at(11, 22, 7), at(11, 22, 9)]
    expect(daySeparators(times, now, 'en')).toEqual([
      'November 20',
      undefined,
      'Yesterday',
      'Today',
      undefined,
    ])
  })

  it('skips messages without a time (the greeting) and starts nothing for a late one', () => {
    expect(
      daySeparators([undefined, at(11, 21), at(11, 22), at(11, 21, 23), at(11, 22, 11)], now, 'en'),
    ).toEqual([undefined, 'Yesterday', 'Today', undefined, undefined])
    expect(daySeparators([], now, 'en')).toEqual([])
  })

  it('moves a day’s separator up when an earlier page of the same day is added above', () => {
    const shown = [at(11, 21, 15), at(11, 22, 9)]
    expect(daySeparators(shown, now, 'en')).toEqual(['Yesterday', 'Today'])
    const earlier = [at(11, 20, 10), at(11, 21, 8), at(11, 21, 9)]
    expect(daySeparators([...earlier, ...shown], now, 'en')).toEqual([
      'November 20',
      'Yesterday',
      undefined,
      undefined,
      'Today',
    ])
  })

  it('handles hundreds of messages over weeks: one label per day, in order', () => {
    const times = Array.from({ length: 600 }, (_, index) => now - (599 - index) * 3_600_000)
    const labels = daySeparators(times, now, 'en').filter(Boolean)
    // 600 hours back from 10:48 reaches into the 26th day before today.
    expect(labels).toHaveLength(26)
    expect(labels.at(-1)).toBe('Today')
    expect(labels.at(-2)).toBe('Yesterday')
    expect(new Set(labels).size).toBe(labels.length)
  })
})

describe('across a daylight-saving change', () => {
  const original = process.env.TZ
  afterEach(() => {
    process.env.TZ = original
  })

  it('keeps calendar days in a zone whose day is 23 or 25 hours long', () => {
    process.env.TZ = 'Europe/Berlin'
    // The zone is in force: the offset changes that weekend.
    expect(new Date(2026, 2, 28, 12).getTimezoneOffset()).toBe(-60)
    expect(new Date(2026, 2, 29, 12).getTimezoneOffset()).toBe(-120)
    // 29 March 2026 has 23 hours in Berlin; 25 October 2026 has 25.
    const spring = new Date(2026, 2, 30, 0, 30).getTime()
    expect(dayLabel(new Date(2026, 2, 29, 0, 10).getTime(), spring, 'en')).toBe('Yesterday')
    const autumn = new Date(2026, 9, 26, 23, 50).getTime()
    expect(dayLabel(new Date(2026, 9, 25, 0, 5).getTime(), autumn, 'en')).toBe('Yesterday')
    expect(dayLabel(new Date(2026, 9, 24, 23, 55).getTime(), autumn, 'en')).toBe('October 24')
    // Just after midnight, the day after the 23-hour day: it is still "Yesterday".
    const afterSpring = new Date(2026, 2, 30, 0, 30).getTime()
    expect(dayLabel(new Date(2026, 2, 29, 23, 50).getTime(), afterSpring, 'en')).toBe('Yesterday')
    expect(dayLabel(new Date(2026, 2, 29, 0, 5).getTime(), afterSpring, 'en')).toBe('Yesterday')
    expect(dayLabel(new Date(2026, 2, 28, 23, 55).getTime(), afterSpring, 'en')).toBe('March 28')
  })
})
