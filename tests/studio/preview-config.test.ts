import { describe, expect, it } from 'vitest'
import { parseSettings } from '../../server/settings/load-settings'
import { publicConfigOf } from '../../shared/settings/public-config'
import { previewConfig, previewInviteText } from '../../studio/src/preview-config'
import { parsePublicConfig } from '../../widget/protocol/public-config'
import { createSettings } from './support/fake-studio-api'

describe('preview config', () => {
  it('resolves texts as visitors get them: the language, else the default language, else any', () => {
    const settings = createSettings({
      defaultLang: 'de',
      title: { en: 'Chat', de: 'Plaudern' },
      greeting: { ru: 'Здравствуйте' },
    })
    expect(previewConfig(settings, 'ru')).toMatchObject({
      title: 'Plaudern',
      greeting: 'Здравствуйте',
    })
    expect(previewConfig(settings, 'en')).toMatchObject({ title: 'Chat' })
  })

  it('is what a visitor gets, but for the preview’s own overrides', () => {
    const draft = createSettings({
      title: { en: 'Northwind', ru: 'Нордвинд' },
      team: { avatars: ['https://shop.example/anna.png'], replyTime: 'minutes' },
      offlineForm: {
        intro: { ru: 'Оставьте сообщение' },
        fields: { phone: { shown: false, required: false } },
      },
      email: { rating: 'stars' },
      theme: 'dark',
    })
    const { bot: _bot, ...withoutBot } = draft
    const visitor = publicConfigOf(parseSettings(withoutBot), 'ru', Date.now())
    expect(previewConfig(draft, 'ru')).toEqual({
      ...visitor,
      lang: 'ru',
      invite: undefined,
      invitations: undefined,
      statusPollSeconds: 3600,
    })
  })

  it('is a config the real widget accepts, in the chosen language', () => {
    const settings = createSettings({
      title: { en: 'Chat', ru: 'Чат' },
      greeting: { ru: 'Здравствуйте' },
    })
    const config = parsePublicConfig(previewConfig(settings, 'ru'))
    expect(config).toMatchObject({
      title: 'Чат',
      lang: 'ru',
      greeting: 'Здравствуйте',
      color: '#0f766e',
    })
    // Never on a timer in the preview: the invitation shows on demand.
    expect(config?.invite).toBeUndefined()
  })

  it('carries the look the widget reads (theme, label, offsets, hours), valid or the widget’s default', () => {
    const config = parsePublicConfig(
      previewConfig(
        createSettings({
          theme: 'dark',
          launcherLabel: 'always',
          offsets: { x: 12, y: 48 },
          businessHours: { timezone: 'UTC', weekly: {}, closedDates: [], outside: 'hide' },
          invitations: [{ text: 'Hi', when: { secondsOnPage: 0 } }],
        }),
        'en',
      ),
    )
    expect(config).toMatchObject({
      theme: 'dark',
      launcherLabel: 'always',
      offsets: { x: 12, y: 48 },
      businessHours: { outside: 'hide', openNow: true },
    })
    // The rules never run in the preview: "Show invitation now" shows one.
    expect(config?.invitations).toBeUndefined()
    const editing = parsePublicConfig(
      previewConfig(
        // Values no control writes, on purpose: the preview must survive them all the same.
        createSettings({ theme: 'blue', launcherLabel: 7, offsets: { x: '', y: 3 } } as object),
        'en',
      ),
    )
    expect(editing).toBeDefined()
    expect(editing?.theme).toBeUndefined()
    expect(editing?.launcherLabel).toBeUndefined()
    expect(editing?.offsets).toBeUndefined()
  })

  it('keeps the preview alive while a field is mid-edit', () => {
    const config = parsePublicConfig(
      previewConfig(createSettings({ color: '#12', title: '' }), 'en'),
    )
    expect(config).toMatchObject({ color: '#1f6feb', title: 'Chat with us' })
  })

  it('shows the first rule with a text in the language, the old invite read as a rule', () => {
    const settings = createSettings({
      invitations: [
        { text: { ru: 'Помочь?' }, when: {} },
        { text: 'Second', when: {} },
      ],
    })
    expect(previewInviteText(settings, 'ru')).toBe('Помочь?')
    const legacy = createSettings({
      invitations: undefined,
      invite: { text: 'Old one', delaySeconds: 5 },
    })
    expect(previewInviteText(legacy, 'en')).toBe('Old one')
    expect(previewInviteText(createSettings({ invitations: [] }), 'en')).toMatch(/help/)
  })
})
