import { afterEach, describe, expect, it, vi } from 'vitest'
import { pickLanguage } from '../../../widget/i18n/language'
import { matchesAnyPage, matchesPage } from '../../../widget/loader/page-pattern'
import { resolveSettings, textColourOn } from '../../../widget/loader/settings'
import { createConfig } from '../fixtures/factories'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('resolveSettings', () => {
  it('applies every data-attribute over the site config', () => {
    const settings = resolveSettings(createConfig(), {
      title: 'Help',
      color: '#ff0000',
      position: 'bottom-left',
      lang: 'ru',
      inviteText: 'Need a hand?',
      inviteDelay: '10',
    })
    expect(settings).toMatchObject({
      title: 'Help',
      color: '#ff0000',
      position: 'bottom-left',
      lang: 'ru',
      invite: { text: 'Need a hand?', delaySeconds: 10 },
    })
  })

  it('reports and ignores bad attributes, keeping the site values', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const settings = resolveSettings(
      createConfig({ invite: { text: 'Hi', delaySeconds: 5, pages: ['/pricing*'] } }),
      {
        color: 'red',
        position: 'top',
        lang: 'de',
        inviteDelay: 'soon',
      },
    )
    expect(settings.color).toBe('#1f6feb')
    expect(settings.position).toBe('bottom-right')
    expect(settings.lang).toBe('en')
    expect(settings.invite).toEqual({ text: 'Hi', delaySeconds: 5, pages: ['/pricing*'] })
    expect(error.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('data-color="red"'),
      expect.stringContaining('data-position="top"'),
      expect.stringContaining('data-lang="de"'),
      expect.stringContaining('data-invite-delay="soon"'),
    ])
  })

  it('picks the language from data-lang, then the config, then the browser', () => {
    expect(resolveSettings(createConfig({ lang: 'en' }), { lang: 'ru-RU' }).lang).toBe('ru')
    expect(resolveSettings(createConfig({ lang: 'ru' }), {}, 'en-US').lang).toBe('ru')
    expect(resolveSettings(createConfig(), {}, 'ru-RU').lang).toBe('ru')
    expect(resolveSettings(createConfig(), {}, 'fr-FR').lang).toBe('en')
    expect(pickLanguage(undefined, 'RU')).toBe('ru')
  })
})

describe('textColourOn', () => {
  it('picks readable text for the accent colour', () => {
    expect(textColourOn('#1f6feb')).toBe('#fff')
    expect(textColourOn('#000')).toBe('#fff')
    expect(textColourOn('#ffd60a')).toBe('#000')
    expect(textColourOn('#fff')).toBe('#000')
    // White would give 3.5:1 here, black 6:1.
    expect(textColourOn('#0f9d58')).toBe('#000')
  })
})

describe('page rules', () => {
  it('matches paths with * wildcards and treats the rest literally', () => {
    expect(matchesPage('/pricing*', '/pricing/enterprise')).toBe(true)
    expect(matchesPage('/pricing', '/pricing/enterprise')).toBe(false)
    expect(matchesPage('/blog/*/comments', '/blog/2024/comments')).toBe(true)
    expect(matchesPage('/a.b', '/aXb')).toBe(false)
    expect(matchesAnyPage(undefined, '/anything')).toBe(true)
    expect(matchesAnyPage(['/x', '/y*'], '/yes')).toBe(true)
    expect(matchesAnyPage(['/x'], '/y')).toBe(false)
  })
})
