import { afterEach, describe, expect, it, vi } from 'vitest'
import { pickLanguage } from '../../../widget/i18n/language'
import { simpleInvite } from '../../../widget/loader/invite'
import { matchesAnyPage, matchesPage } from '../../../widget/loader/page-pattern'
import { applyLook, resolveSettings, textColourOn } from '../../../widget/loader/settings'
import { createConfig } from '../../support/widget-factories'

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
    })
    expect(settings).toMatchObject({
      title: 'Help',
      color: '#ff0000',
      position: 'bottom-left',
      lang: 'ru',
    })
  })

  it('reports and ignores bad attributes, keeping the site values', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const settings = resolveSettings(createConfig(), { color: 'red', position: 'top', lang: 'tlh' })
    expect(settings.color).toBe('#1f6feb')
    expect(settings.position).toBe('bottom-right')
    expect(settings.lang).toBe('en')
    expect(error.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('data-color="red"'),
      expect.stringContaining('data-position="top"'),
      expect.stringContaining('data-lang="tlh"'),
    ])
  })

  it('reads the invitation of the tag over the config’s (data-invite-text, data-invite-delay)', () => {
    expect(simpleInvite(undefined, { inviteText: 'Need a hand?', inviteDelay: '10' })).toEqual({
      text: 'Need a hand?',
      delaySeconds: 10,
      pages: undefined,
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const site = { text: 'Hi', delaySeconds: 5, pages: ['/pricing*'] }
    expect(simpleInvite(site, { inviteDelay: 'soon' })).toEqual(site)
    expect(simpleInvite(site, { inviteDelay: ' ' })).toEqual(site)
    expect(simpleInvite(site, { inviteDelay: '2' })).toEqual({ ...site, delaySeconds: 2 })
    expect(simpleInvite(undefined, {})).toBeUndefined()
    expect(simpleInvite({ text: '' }, {})).toBeUndefined()
    expect(error.mock.calls.map(([message]) => message)).toEqual([
      expect.stringContaining('data-invite-delay="soon"'),
      expect.stringContaining('data-invite-delay=" "'),
      expect.stringContaining('unreadable invite'),
    ])
  })

  it('keeps the studio’s additions the loader reads, and sets the look from them', () => {
    const settings = resolveSettings(
      createConfig({ theme: 'dark', offsets: { x: 8, y: 40 }, launcherLabel: 'hover' }),
      {},
    )
    const frame = document.createElement('div')
    applyLook(frame, settings)
    expect(frame.style.getPropertyValue('--ph-x')).toBe('8px')
    expect(frame.style.getPropertyValue('--ph-y')).toBe('40px')
    expect(frame.style.colorScheme).toBe('dark')
    expect(frame.style.getPropertyValue('--ph-on-accent')).toBe('#fff')
    applyLook(frame, resolveSettings(createConfig({ theme: 'auto' }), {}))
    expect(frame.style.colorScheme).toBe('light dark')
    expect(frame.style.getPropertyValue('--ph-x')).toBe('20px')
    applyLook(frame, resolveSettings(createConfig({ theme: 'light' }), {}))
    expect(frame.style.colorScheme).toBe('light')
  })

  it('picks the language from data-lang, then the config, then the browser', () => {
    expect(resolveSettings(createConfig({ lang: 'en' }), { lang: 'ru-RU' }).lang).toBe('ru')
    expect(resolveSettings(createConfig({ lang: 'ru' }), {}, 'en-US').lang).toBe('ru')
    expect(resolveSettings(createConfig(), {}, 'ru-RU').lang).toBe('ru')
    expect(resolveSettings(createConfig(), {}, 'fr-FR').lang).toBe('fr')
    expect(resolveSettings(createConfig(), {}, 'tlh').lang).toBe('en')
    expect(pickLanguage(undefined, 'RU')).toBe('ru')
  })
})

describe('textColourOn', () => {
  it.each(
    Object.entries({
      '#1f6feb': '#fff',
      '#000': '#fff',
      '#ffd60a': '#000',
      '#fff': '#000',
      '#0f9d58': '#000', // white would give 3.5:1 here, black 6:1
    }),
  )('picks readable text on %s: %s', (accent, text) => {
    expect(textColourOn(accent)).toBe(text)
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
