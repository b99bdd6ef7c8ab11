import { describe, expect, it } from 'vitest'
import {
  previewConfig,
  previewInviteText,
  resolveText,
} from '../../../server/studio/src/preview-config'
import { parsePublicConfig } from '../../../widget/protocol/public-config'
import { createSettings } from './fake-studio-api'

describe('preview config', () => {
  it('resolves a text per language: the language, else the default, else any', () => {
    const text = { en: 'Hello', ru: 'Привет' }
    expect(resolveText(text, 'ru', 'en')).toBe('Привет')
    expect(resolveText({ en: 'Hello', ru: ' ' }, 'ru', 'en')).toBe('Hello')
    expect(resolveText({ ru: 'Привет' }, 'en', 'en')).toBe('Привет')
    expect(resolveText('Same', 'ru', 'en')).toBe('Same')
    expect(resolveText(undefined, 'en', 'en')).toBeUndefined()
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
