import { describe, expect, it } from 'vitest'
import { consentVersion } from '../../../shared/settings/privacy-settings'
import { publicConfigOf } from '../../../shared/settings/public-config'
import { checkSettings, type Settings, SettingsFile } from '../../../shared/settings/settings-file'
import { ConsentVersion, PublicConfig } from '../../../shared/widget-api'

const settings = (privacy: unknown): Settings => SettingsFile.parse({ privacy })
const problems = (privacy: unknown) => {
  const checked = checkSettings({ privacy })
  return checked.ok ? [] : checked.problems
}

describe('privacy.consent, consentText and policyUrl', () => {
  it('default to no consent step, no text and no policy', () => {
    expect(SettingsFile.parse({}).privacy).toEqual({
      consent: 'none',
      policyUrl: '',
      maskPatterns: [],
    })
    expect(publicConfigOf(SettingsFile.parse({}), 'en', 0).consent).toBeUndefined()
  })

  it('refuse a mode, a URL or a text they do not know, naming the setting', () => {
    expect(problems({ consent: 'always' })).toEqual([
      { path: 'privacy.consent', message: 'must be none or required' },
    ])
    for (const url of ['http://shop.example/privacy', 'javascript:alert(1)', 'privacy.html'])
      expect(problems({ policyUrl: url })).toEqual([
        { path: 'privacy.policyUrl', message: 'must be an https:// URL, or empty' },
      ])
    expect(problems({ consentText: '' })[0]?.path).toBe('privacy.consentText')
    expect(problems({ consentText: 'x'.repeat(1001) })[0]?.message).toMatch(/at most 1000/)
    expect(problems({ maskPatternz: [] })[0]?.path).toBe('privacy')
  })

  it('go to the widget with the text in its language and a version of text and link', () => {
    const site = settings({
      consent: 'required',
      consentText: { en: 'We keep this chat.', de: 'Wir speichern diesen Chat.' },
      policyUrl: 'https://shop.example/privacy',
    })
    const en = publicConfigOf(site, 'en', 0).consent
    const de = publicConfigOf(site, 'de', 0).consent
    expect(en).toEqual({
      version: consentVersion('We keep this chat.', 'https://shop.example/privacy'),
      text: 'We keep this chat.',
      policyUrl: 'https://shop.example/privacy',
    })
    expect(de?.text).toBe('Wir speichern diesen Chat.')
    // Each language's text has its own version; the same text, the same version.
    expect(de?.version).not.toBe(en?.version)
    expect(publicConfigOf(site, 'en', 99).consent).toEqual(en)
    // The widget's own text (none given) and no policy: a version all the same.
    const plain = publicConfigOf(settings({ consent: 'required' }), 'fr', 0).consent
    expect(plain).toEqual({ version: consentVersion('', '') })
    for (const config of [en, de, plain]) {
      expect(ConsentVersion.safeParse(config?.version).success).toBe(true)
      expect(PublicConfig.safeParse({ ...publicConfigOf(site, 'en', 0) }).success).toBe(true)
    }
  })

  it('give a new version when the text or the link changes', () => {
    const base = consentVersion('We keep this chat.', 'https://shop.example/privacy')
    expect(consentVersion('We keep this chat!', 'https://shop.example/privacy')).not.toBe(base)
    expect(consentVersion('We keep this chat.', 'https://shop.example/privacy2')).not.toBe(base)
    expect(consentVersion('We keep this chat.', 'https://shop.example/privacy')).toBe(base)
    expect(base).toMatch(/^[0-9a-z]{1,11}$/)
  })
})
