import { describe, expect, it } from 'vitest'
import { parseSettings } from '../../../server/settings/load-settings'
import { preChatConsentVersion } from '../../../shared/settings/pre-chat'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { checkSettings } from '../../../shared/settings/settings-file'
import { PublicConfig } from '../../../shared/widget-api'
import { parsePublicConfig } from '../../../widget/protocol/public-config'

const problems = (preChat: unknown) => {
  const checked = checkSettings({ preChat })
  return checked.ok ? [] : checked.problems
}

describe('the settings’ preChat', () => {
  it('is off by default: no fields', () => {
    const checked = checkSettings({})
    expect(checked.ok && checked.settings.preChat).toEqual({
      fields: [],
      required: [],
      consentUrl: '',
    })
  })

  it('takes fields in order, the required ones, a consent text per language and its link', () => {
    const checked = checkSettings({
      preChat: {
        fields: ['email', 'name', 'consent'],
        required: ['email'],
        consentText: { en: 'I agree', de: 'Ich stimme zu' },
        consentUrl: 'https://shop.example/privacy',
      },
    })
    expect(checked.ok).toBe(true)
  })

  it('refuses what the form could not ask, with the field’s path', () => {
    expect(problems({ fields: ['email', 'fax'] })).toEqual([
      expect.objectContaining({
        path: 'preChat.fields.1',
        message: expect.stringMatching(/name, email, phone or consent/),
      }),
    ])
    expect(problems({ fields: ['email', 'email'], required: ['email'] })[0]).toMatchObject({
      path: 'preChat.fields',
      message: 'must name each field once',
    })
    expect(problems({ fields: ['name'], required: ['email'] })[0]).toMatchObject({
      path: 'preChat.required',
      message: expect.stringMatching(/cannot require email while it is not among fields/),
    })
    expect(problems({ fields: ['name', 'phone'] })[0]).toMatchObject({
      path: 'preChat.required',
      message: expect.stringMatching(/require at least one field/),
    })
    expect(problems({ fields: ['consent'], required: ['consent'] })[0]?.path).toBe(
      'preChat.required.0',
    )
    expect(problems({ fields: ['consent'], consentUrl: 'http://shop.example/p' })[0]).toMatchObject(
      {
        path: 'preChat.consentUrl',
        message: 'must be an https:// URL, or empty',
      },
    )
    expect(problems({ fields: ['consent'], consentText: '' })[0]?.path).toBe('preChat.consentText')
  })

  it('versions the consent by all its texts and its link, apart from the consent step', () => {
    const one = preChatConsentVersion({ en: 'I agree' }, '')
    expect(one).toMatch(/^[0-9a-z]{1,11}$/)
    expect(preChatConsentVersion({ en: 'I agree' }, '')).toBe(one)
    expect(preChatConsentVersion({ en: 'I agree', de: 'Ja' }, '')).not.toBe(one)
    expect(preChatConsentVersion({ en: 'I agree' }, 'https://shop.example/p')).not.toBe(one)
    expect(preChatConsentVersion(undefined, '')).not.toBe(one)
  })
})

describe('the public config’s preChat', () => {
  const settings = parseSettings({
    defaultLang: 'en',
    preChat: {
      fields: ['name', 'email', 'consent'],
      required: ['email'],
      consentText: { en: 'I agree', de: 'Ich stimme zu' },
      consentUrl: 'https://shop.example/privacy',
    },
  })

  it('carries the fields, the required ones and the consent in the visitor’s language', () => {
    const version = preChatConsentVersion(settings.preChat.consentText, settings.preChat.consentUrl)
    const de = publicConfigOf(settings, 'de', 0)
    expect(de.preChat).toEqual({
      fields: ['name', 'email', 'consent'],
      required: ['email'],
      consent: { version, text: 'Ich stimme zu', url: 'https://shop.example/privacy' },
    })
    expect(publicConfigOf(settings, 'fr', 0).preChat?.consent?.text).toBe('I agree')
    // The same version in every language: the backend checks one.
    expect(publicConfigOf(settings, 'fr', 0).preChat?.consent?.version).toBe(version)
    expect(PublicConfig.parse(de).preChat).toEqual(de.preChat)
    // The loader keeps it for the chat (its contents are read by the pre-chat chunk).
    expect(parsePublicConfig(de)?.preChat).toEqual(de.preChat)
  })

  it('sends no consent without the checkbox, and nothing without the form', () => {
    const noConsent = parseSettings({ preChat: { fields: ['email'], required: ['email'] } })
    expect(publicConfigOf(noConsent, 'en', 0).preChat).toEqual({
      fields: ['email'],
      required: ['email'],
    })
    expect(publicConfigOf(parseSettings({}), 'en', 0)).not.toHaveProperty('preChat')
  })
})
