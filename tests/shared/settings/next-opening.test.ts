import { describe, expect, it } from 'vitest'
import { BusinessHours } from '../../../shared/settings/business-hours'
import { atWallTime, nextOpening } from '../../../shared/settings/next-opening'

const hours = (overrides: Partial<BusinessHours> = {}): BusinessHours =>
  BusinessHours.parse({
    timezone: 'Europe/Berlin',
    weekly: {
      mon: [{ from: '09:00', to: '17:00' }],
      tue: [{ from: '09:00', to: '17:00' }],
      wed: [
        { from: '09:00', to: '12:00' },
        { from: '13:00', to: '17:00' },
      ],
      thu: [{ from: '09:00', to: '17:00' }],
      fri: [{ from: '09:00', to: '17:00' }],
    },
    ...overrides,
  })
const at = (iso: string) => Date.parse(iso)
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString())

describe('nextOpening', () => {
  it('is undefined while open', () => {
    expect(nextOpening(hours(), at('2026-11-23T10:00:00Z'))).toBeUndefined()
  })

  it('is later the same day, after a lunch break, or the next weekday', () => {
    // Monday 06:00 in Berlin (UTC+1): opens at 09:00 local.
    expect(iso(nextOpening(hours(), at('2026-11-23T05:00:00Z')))).toBe('2026-11-23T08:00:00.000Z')
    // Wednesday 12:30 local: opens again at 13:00.
    expect(iso(nextOpening(hours(), at('2026-11-25T11:30:00Z')))).toBe('2026-11-25T12:00:00.000Z')
    // Friday 18:00 local: Monday 09:00.
    expect(iso(nextOpening(hours(), at('2026-11-27T17:00:00Z')))).toBe('2026-11-30T08:00:00.000Z')
  })

  it('skips a holiday in the time zone', () => {
    const closed = hours({ closedDates: ['2026-11-30'] })
    expect(iso(nextOpening(closed, at('2026-11-27T17:00:00Z')))).toBe('2026-12-01T08:00:00.000Z')
    // Christmas to New Year closed: the first working day after.
    const winter = hours({
      closedDates: [
        '2026-12-24',
        '2026-12-25',
        '2026-12-28',
        '2026-12-29',
        '2026-12-30',
        '2026-12-31',
        '2027-01-01',
      ],
    })
    expect(iso(nextOpening(winter, at('2026-12-23T17:00:00Z')))).toBe('2027-01-04T08:00:00.000Z')
  })

  it('opens at 09:00 on the wall clock across a change to summer and to winter time', () => {
    // Berlin moves to summer time (UTC+2) on Sunday 2026-03-29: Monday 09:00 is 07:00 UTC.
    expect(iso(nextOpening(hours(), at('2026-03-27T17:00:00Z')))).toBe('2026-03-30T07:00:00.000Z')
    // And back to winter time (UTC+1) on Sunday 2026-10-25: Monday 09:00 is 08:00 UTC.
    expect(iso(nextOpening(hours(), at('2026-10-23T16:00:00Z')))).toBe('2026-10-26T08:00:00.000Z')
    // New York changes on 2026-03-08: 09:00 EDT is 13:00 UTC.
    const york = hours({ timezone: 'America/New_York' })
    expect(iso(nextOpening(york, at('2026-03-06T23:00:00Z')))).toBe('2026-03-09T13:00:00.000Z')
  })

  it('opens at the hour the clock skips as the clock reads it, and never inside a skipped hour', () => {
    // 02:30 does not exist on 2026-03-29 in Berlin: the clock reads 03:30 then (01:30 UTC).
    expect(iso(atWallTime('2026-03-29', 150, 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z')
    // 02:30 happens twice on 2026-10-25: the first (00:30 UTC, still summer time).
    expect(iso(atWallTime('2026-10-25', 150, 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z')
    const night = hours({
      weekly: { sun: [{ from: '02:00', to: '03:00' }], mon: [{ from: '09:00', to: '17:00' }] },
    })
    expect(iso(nextOpening(night, at('2026-03-28T12:00:00Z')))).toBe('2026-03-30T07:00:00.000Z')
  })

  it('is undefined when the hours never open', () => {
    expect(nextOpening(hours({ weekly: {} }), at('2026-11-23T05:00:00Z'))).toBeUndefined()
  })
})
