import { describe, expect, it } from 'vitest'
import { acceptedLanguages, chooseLanguage } from '../../../server/settings/language'
import { parseSettings } from '../../../server/settings/load-settings'
import { localizedConfig } from '../../../server/settings/localized-config'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { PublicConfig } from '../../../shared/widget-api'
import { parsePublicConfig } from '../../../widget/protocol/public-config'

const multilingual = parseSettings({
  title: { en: 'Chat with us', ru: 'Напишите нам', 'pt-BR': 'Fale conosco' },
  greeting: { en: 'Hello', ru: 'Здравствуйте' },
  offlineText: 'We are away',
  defaultLang: 'en',
  invitations: [
    { text: { en: 'From Google?', ru: 'Из Google?' }, when: { referrer: '*google*' } },
    {
      text: { en: 'Need help?', ru: 'Нужна помощь?' },
      when: { pages: ['/pricing*'], secondsOnPage: 7 },
    },
  ],
  offlineForm: { intro: { en: 'Leave us a note', ru: 'Оставьте сообщение' } },
  bot: { rules: [{ name: 'secret-rule', keywords: ['x'], reply: 'internal' }] },
})

const request = (headers: Record<string, string> = {}, query = '') =>
  new Request(`http://porthole.test/api/config${query}`, { headers })

describe('the language of the public config', () => {
  it('reads Accept-Language by q-value and order', () => {
    expect(acceptedLanguages('de-CH, fr;q=0.9, ru;q=0.95, *;q=0.1, en;q=0')).toEqual([
      'de-ch',
      'ru',
      'fr',
    ])
    expect(acceptedLanguages(undefined)).toEqual([])
    expect(acceptedLanguages(';;,q=,')).toEqual([])
  })

  it('takes ?lang, else the best offered Accept-Language (base language too), else defaultLang', () => {
    const choose = (acceptLanguage?: string, lang?: string) =>
      chooseLanguage(multilingual, { acceptLanguage, lang })
    expect(choose('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru')
    expect(choose('de-DE, pt-br;q=0.5')).toBe('pt-BR')
    expect(choose('de, fr')).toBe('en')
    expect(choose(undefined)).toBe('en')
    expect(choose('ru', 'en')).toBe('en')
    expect(choose('en', 'xx')).toBe('en')
    expect(choose('en', 'RU')).toBe('ru')
  })
})

describe('the public config', () => {
  it('resolves every text to the visitor’s language, the default where one is missing', () => {
    const ru = localizedConfig(multilingual, request({ 'accept-language': 'ru' }), Date.now())
    expect(ru.lang).toBe('ru')
    expect(ru.varies).toBe(true)
    expect(ru.config).toMatchObject({
      title: 'Напишите нам',
      greeting: 'Здравствуйте',
      offlineText: 'We are away',
      offlineForm: { intro: 'Оставьте сообщение' },
    })
    expect(ru.config.invitations?.map((rule) => rule.text)).toEqual(['Из Google?', 'Нужна помощь?'])
    const pt = localizedConfig(multilingual, request({}, '?lang=pt-BR'), Date.now()).config
    expect(pt).toMatchObject({ title: 'Fale conosco', greeting: 'Hello' })
  })

  it('sends one rule of the old kind as the shorter invite, and any other rules as invitations only', () => {
    const simple = publicConfigOf(
      parseSettings({
        invitations: [
          {
            text: 'Need help?',
            when: { secondsOnPage: 7, pages: ['/pricing*'] },
            frequency: 'every-page-view',
          },
        ],
      }),
      'en',
      Date.now(),
    )
    expect(simple.invite).toEqual({ text: 'Need help?', delaySeconds: 7, pages: ['/pricing*'] })
    expect(simple.invitations).toBeUndefined()
    // The old setting reads as that rule.
    const old = publicConfigOf(parseSettings({ invite: { text: 'Hi', delaySeconds: 3 } }), 'en', 0)
    expect(old.invite).toEqual({ text: 'Hi', delaySeconds: 3 })
    expect(old.invitations).toBeUndefined()
    // Two rules, another frequency, or another condition: the rules, and no invite.
    const config = publicConfigOf(multilingual, 'en', Date.now())
    expect(config.invite).toBeUndefined()
    expect(config.invitations).toHaveLength(2)
    for (const rule of [
      { text: 'Mobile only', when: { device: 'mobile' } },
      { text: 'Once', when: { secondsOnPage: 5 }, frequency: 'once-per-session' },
    ]) {
      const none = publicConfigOf(parseSettings({ invitations: [rule] }), 'en', Date.now())
      expect(none.invite).toBeUndefined()
      expect(none.invitations).toHaveLength(1)
    }
  })

  it('is accepted by the shared schema and by today’s widget parser, and holds no secret', () => {
    const hours = parseSettings({
      businessHours: { timezone: 'UTC', weekly: { mon: [{ from: '00:00', to: '24:00' }] } },
    })
    for (const settings of [multilingual, hours, parseSettings({})]) {
      const config = JSON.parse(JSON.stringify(publicConfigOf(settings, 'ru', Date.now())))
      expect(PublicConfig.safeParse(config).success).toBe(true)
      const widget = parsePublicConfig(config)
      expect(widget).toBeDefined()
      expect(widget?.title).toBe(config.title)
      expect(JSON.stringify(config)).not.toMatch(/secret-rule|internal|"bot"/)
    }
  })

  it('says whether the business hours are open now, computed at the given time', () => {
    const settings = parseSettings({
      businessHours: {
        timezone: 'UTC',
        weekly: { mon: [{ from: '09:00', to: '17:00' }] },
        outside: 'hide',
      },
    })
    const monday = (time: string) => Date.parse(`2026-11-23T${time}:00Z`)
    // Only what the widget needs: the hours themselves stay on the backend.
    expect(publicConfigOf(settings, 'en', monday('10:00')).businessHours).toEqual({
      openNow: true,
      outside: 'hide',
    })
    expect(publicConfigOf(settings, 'en', monday('18:00')).businessHours?.openNow).toBe(false)
  })

  it('sends the additions only when they differ from today’s behaviour (widget.js carries every byte)', () => {
    const plain = publicConfigOf(parseSettings({}), 'en', 0)
    for (const key of [
      'invitations',
      'businessHours',
      'offlineForm',
      'launcherLabel',
      'theme',
      'offsets',
    ])
      expect(plain, key).not.toHaveProperty(key)
    const custom = publicConfigOf(
      parseSettings({
        launcherLabel: 'hover',
        theme: 'dark',
        offsets: { y: 90 },
        offlineForm: { fields: { phone: { shown: false } } },
      }),
      'en',
      0,
    )
    expect(custom).toMatchObject({
      launcherLabel: 'hover',
      theme: 'dark',
      offsets: { x: 20, y: 90 },
      offlineForm: { fields: { phone: { shown: false, required: false } } },
    })
  })

  it('does not vary by language when the settings have texts in one language only', () => {
    expect(
      localizedConfig(parseSettings({ title: 'Hi' }), request({ 'accept-language': 'ru' }), 0)
        .varies,
    ).toBe(false)
  })
})
