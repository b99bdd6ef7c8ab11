import { describe, expect, it } from 'vitest'
import { parseSettings } from '../../../server/settings/load-settings'
import { isOpenAt } from '../../../shared/settings/business-hours'
import { checkSettings } from '../../../shared/settings/settings-file'

const problems = (json: unknown) => {
  const result = checkSettings(json)
  return result.ok ? [] : result.problems
}

describe('the settings schema', () => {
  it('converts the old invite into one rule of invitations (every page view, its pages and delay)', () => {
    const settings = parseSettings({
      invite: { text: 'Hi!', delaySeconds: 12, pages: ['/docs/*'] },
    })
    expect(settings.invitations).toEqual([
      {
        text: 'Hi!',
        when: { pages: ['/docs/*'], secondsOnPage: 12 },
        frequency: 'every-page-view',
      },
    ])
    expect(settings).not.toHaveProperty('invite')
    // The old default delay, and no pages: any page.
    expect(parseSettings({ invite: { text: { en: 'Hi', ru: 'Привет' } } }).invitations).toEqual([
      {
        text: { en: 'Hi', ru: 'Привет' },
        when: { secondsOnPage: 30 },
        frequency: 'every-page-view',
      },
    ])
    expect(problems({ invite: { text: 'a' }, invitations: [] }).map((p) => p.path)).toEqual([
      'invite',
    ])
    // An empty page list matched no page, and still matches none (not every page).
    expect(parseSettings({ invite: { text: 'x', pages: [] } }).invitations[0]?.when.pages).toEqual(
      [],
    )
  })

  it('reads its own output back unchanged (what GET answers, PUT accepts)', () => {
    const full = parseSettings({
      title: { en: 'Chat', ru: 'Чат' },
      invite: { text: 'Hi' },
      businessHours: {
        timezone: 'Europe/Berlin',
        weekly: { mon: [{ from: '09:00', to: '17:30' }] },
      },
      offlineForm: { intro: 'Leave a note', fields: { phone: { shown: false } } },
      bot: { rules: [{ name: 'hours', keywords: ['open'], reply: 'Mon–Fri' }] },
    })
    expect(parseSettings(JSON.parse(JSON.stringify(full)))).toEqual(full)
  })

  it('takes texts as a string or per language, and names a bad language or an empty text', () => {
    expect(parseSettings({ greeting: { en: 'Hello', 'pt-BR': 'Olá' } }).greeting).toEqual({
      en: 'Hello',
      'pt-BR': 'Olá',
    })
    expect(problems({ greeting: { english: 'Hello' } })[0]?.path).toMatch(/^greeting/)
    expect(problems({ title: '' })[0]).toMatchObject({ path: 'title' })
    expect(problems({ title: 'x'.repeat(81) })[0]?.path).toBe('title')
    expect(problems({ defaultLang: 'english' })[0]).toMatchObject({ path: 'defaultLang' })
  })

  it('checks every invitation condition, by its path', () => {
    const rule = (when: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      invitations: [{ text: 'Hi', when, ...extra }],
    })
    expect(
      problems(
        rule(
          {
            pages: ['/pricing*'],
            secondsOnPage: 5,
            secondsOnSite: 60,
            minPageViews: 2,
            agentsOnline: true,
            device: 'mobile',
            referrer: '*google.*',
            utm: { source: 'news*', medium: 'email', campaign: 'spring' },
            newVisitorsOnly: true,
          },
          { frequency: 'once-per-visitor' },
        ),
      ),
    ).toEqual([])
    for (const [when, path] of [
      [{ secondsOnPage: -1 }, 'invitations.0.when.secondsOnPage'],
      [{ secondsOnSite: 'soon' }, 'invitations.0.when.secondsOnSite'],
      [{ minPageViews: 1.5 }, 'invitations.0.when.minPageViews'],
      [{ agentsOnline: 'yes' }, 'invitations.0.when.agentsOnline'],
      [{ device: 'tv' }, 'invitations.0.when.device'],
      [{ referrer: '' }, 'invitations.0.when.referrer'],
      [{ utm: { source: '', term: 'x' } }, 'invitations.0.when.utm'],
      [{ pages: [''] }, 'invitations.0.when.pages.0'],
      [{ newVisitorsOnly: 1 }, 'invitations.0.when.newVisitorsOnly'],
      [{ weekday: 'mon' }, 'invitations.0.when'],
    ] as const) {
      expect(problems(rule(when))[0]?.path, JSON.stringify(when)).toMatch(
        new RegExp(`^${path.replaceAll('.', '\\.')}`),
      )
    }
    expect(problems(rule({}, { frequency: 'hourly' }))[0]?.path).toBe('invitations.0.frequency')
    expect(parseSettings(rule({})).invitations[0]).toMatchObject({
      when: {},
      frequency: 'once-per-session',
    })
    expect(
      problems({ invitations: Array.from({ length: 51 }, () => ({ text: 'x' })) })[0]?.path,
    ).toBe('invitations')
  })

  it('checks business hours: a real time zone, times in order, calendar dates', () => {
    const hours = (value: Record<string, unknown>) => ({
      businessHours: { timezone: 'Europe/Berlin', weekly: {}, ...value },
    })
    expect(problems(hours({ timezone: 'Europe/Atlantis' }))[0]).toMatchObject({
      path: 'businessHours.timezone',
      message: expect.stringMatching(/time zone/),
    })
    expect(problems(hours({ weekly: { mon: [{ from: '9:00', to: '17:00' }] } }))[0]?.path).toBe(
      'businessHours.weekly.mon.0.from',
    )
    expect(problems(hours({ weekly: { fri: [{ from: '22:00', to: '02:00' }] } }))[0]?.path).toBe(
      'businessHours.weekly.fri.0.to',
    )
    expect(problems(hours({ weekly: { funday: [] } }))[0]?.path).toMatch(/^businessHours\.weekly/)
    expect(
      problems(hours({ closedDates: ['2026-02-30', '25.12.2026'] })).map((p) => p.path),
    ).toEqual(['businessHours.closedDates.0', 'businessHours.closedDates.1'])
    expect(problems(hours({ outside: 'close' }))[0]?.path).toBe('businessHours.outside')
    expect(parseSettings(hours({})).businessHours).toMatchObject({
      closedDates: [],
      outside: 'offline-form',
    })
  })

  it('computes open now in the business hours’ time zone, closed dates and 24:00 included', () => {
    const settings = parseSettings({
      businessHours: {
        timezone: 'Asia/Tokyo',
        weekly: {
          mon: [
            { from: '09:00', to: '12:00' },
            { from: '13:00', to: '24:00' },
          ],
        },
        closedDates: ['2026-11-30'],
      },
    })
    const hours = settings.businessHours
    if (!hours) throw new Error('no hours')
    // Monday 2026-11-23 in Tokyo (UTC+9).
    expect(isOpenAt(hours, Date.parse('2026-11-23T00:30:00Z'))).toBe(true) // 09:30
    expect(isOpenAt(hours, Date.parse('2026-11-23T03:30:00Z'))).toBe(false) // 12:30, lunch
    expect(isOpenAt(hours, Date.parse('2026-11-23T14:59:00Z'))).toBe(true) // 23:59
    expect(isOpenAt(hours, Date.parse('2026-11-23T15:00:00Z'))).toBe(false) // Tuesday 00:00
    expect(isOpenAt(hours, Date.parse('2026-11-22T23:59:00Z'))).toBe(false) // Monday 08:59
    // The next Monday is a closed date.
    expect(isOpenAt(hours, Date.parse('2026-11-30T00:30:00Z'))).toBe(false)
  })

  it('checks the offline form: required only when shown, the message always, a way to answer', () => {
    expect(
      problems({ offlineForm: { fields: { name: { shown: false, required: true } } } })[0]?.path,
    ).toBe('offlineForm.fields.name.required')
    expect(
      problems({ offlineForm: { fields: { message: { shown: false, required: false } } } })[0]
        ?.path,
    ).toBe('offlineForm.fields.message')
    expect(
      problems({ offlineForm: { fields: { email: { shown: false }, phone: { shown: false } } } })[0]
        ?.path,
    ).toBe('offlineForm.fields.email')
    expect(
      parseSettings({ offlineForm: { fields: { email: { required: true } } } }).offlineForm.fields,
    ).toEqual({
      name: { shown: true, required: false },
      email: { shown: true, required: true },
      phone: { shown: true, required: false },
      message: { shown: true, required: true },
    })
  })

  it('checks appearance: offsets, launcher label, theme', () => {
    expect(parseSettings({ offsets: { x: 8 } }).offsets).toEqual({ x: 8, y: 20 })
    expect(problems({ offsets: { x: -1, y: 1.5 } }).map((p) => p.path)).toEqual([
      'offsets.x',
      'offsets.y',
    ])
    expect(problems({ launcherLabel: 'sometimes' })[0]?.path).toBe('launcherLabel')
    expect(problems({ theme: 'blue' })[0]?.path).toBe('theme')
  })

  it('checks the bot section with the bot’s schema, paths under bot', () => {
    expect(
      problems({
        bot: {
          rules: [
            { name: 'a', keywords: ['x'], reply: 'y' },
            { name: 'a', keywords: ['z'], reply: 'w' },
          ],
        },
      })[0],
    ).toMatchObject({ path: 'bot.rules.1.name' })
    expect(
      problems({ bot: { rules: [{ name: 'a', patterns: ['('], reply: 'y' }] } })[0]?.path,
    ).toBe('bot.rules.0.patterns.0')
  })
})
