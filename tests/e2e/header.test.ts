import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureWidgetBuild } from '../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../kit/chromium'
import { type FakeBackendServer, PLAIN_HOST_CSS, startFakeBackend } from '../../kit/fake-backend'
import type { PublicConfig } from '../../shared/widget-api'
import { EN_CHAT_STRINGS } from '../../widget/i18n/chat-strings'
import { axeSerious } from './support/axe'

// Issue 35, defects 3, 4 and 15: the chat window's header keeps one height in every state
// (it was 110 px with the team's photos, 72 px once the agent answered, four lines with the
// network down), its title is never cut ("Northwind Outfitt…" beside three photos and four
// buttons), one line of status, no reply-time promise while the team is away but when it
// is back, and on a phone with the keyboard up (390×500) at most 64 px.
// Screenshots: HEADER_SHOTS=<folder> writes one of each state there (none by default).

const SHOTS = process.env.HEADER_SHOTS
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  keyboard: { width: 390, height: 500 },
}
type Size = keyof typeof SIZES
// 10:48 on Sunday 22 November 2026 (UTC, the pages' zone); the team is back on Monday at 09:00.
const NOW = Date.UTC(2026, 10, 22, 10, 48)
const OPENS_AT = Date.UTC(2026, 10, 23, 9, 0)
const TITLE = 'Northwind Outfitters'
const LANGUAGES = {
  en: { locale: 'en-US', back: 'Back Monday at 9:00 AM' },
  ar: { locale: 'ar', back: 'نعود الاثنين الساعة' },
  ja: { locale: 'ja-JP', back: '月曜日 9:00に再開します' },
}
type Lang = keyof typeof LANGUAGES

interface HeaderFacts {
  height: number
  /** The title's whole width is shown (no ellipsis). */
  titleWhole: boolean
  /** The status line's lines (1: one line). */
  statusLines: number
  /** The status line's whole text is shown (no ellipsis). */
  statusWhole: boolean
  status: string
  buttons: string[]
}

const facts = (page: Page): Promise<HeaderFacts> =>
  page.locator('porthole-widget .ph-header').evaluate((header) => {
    const title = header.querySelector('.ph-title') as HTMLElement
    const status = header.querySelector('.ph-subtitle') as HTMLElement
    const line = Number.parseFloat(getComputedStyle(status).lineHeight)
    // The text's own width (a copy that is not cut) against the box it shows in.
    const whole = (shown: HTMLElement) => {
      const copy = shown.cloneNode(true) as HTMLElement
      copy.style.cssText = 'position:absolute;visibility:hidden;width:max-content;overflow:visible'
      shown.after(copy)
      const width = copy.getBoundingClientRect().width
      copy.remove()
      return width <= shown.getBoundingClientRect().width + 0.5
    }
    return {
      // Rounded: the window may still be scaling in as it opens (its pop animation).
      height: Math.round(header.getBoundingClientRect().height),
      titleWhole: whole(title),
      statusWhole: whole(status.querySelector('.ph-status-line') as HTMLElement),
      statusLines: Math.round(status.getBoundingClientRect().height / line),
      status: status.textContent ?? '',
      buttons: [...header.querySelectorAll('button')].map(
        (button) => button.getAttribute('aria-label') ?? '',
      ),
    }
  })

describeInBrowser('the chat window header (issue 35)', () => {
  let browser: Browser
  const backends: FakeBackendServer[] = []
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    await ensureWidgetBuild()
    if (SHOTS) mkdirSync(SHOTS, { recursive: true })
    browser = await launchBrowser()
  }, 180_000)
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {})
    await browser?.close()
    for (const backend of backends) await backend.close()
  })

  async function backendFor(config: Partial<PublicConfig> = {}, online = true) {
    const started = Date.now()
    const backend = await startFakeBackend({
      hostCss: PLAIN_HOST_CSS,
      online,
      now: () => NOW + Date.now() - started,
      config: { title: TITLE, color: '#0f766e', sound: true, ...config },
    })
    backends.push(backend)
    return backend
  }

  /** The team's three photos and usual reply time (GET /api/config `team`). */
  const TEAM = (origin: string): Partial<PublicConfig> => ({
    team: {
      avatars: [1, 2, 3].map((n) => `${origin}/media/photo.svg?${n}`),
      replyTime: 'minutes',
    },
  })

  async function openChat(
    backend: FakeBackendServer,
    size: Size,
    lang: Lang = 'en',
    options: { away?: boolean; dark?: boolean } = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: SIZES[size],
      locale: LANGUAGES[lang].locale,
      timezoneId: 'UTC',
      bypassCSP: true,
      colorScheme: options.dark ? 'dark' : 'light',
    })
    contexts.push(context)
    const page = await context.newPage()
    if (options.away)
      // Outside business hours: the backend says when they open (GET /api/status `opensAt`).
      await page.route('**/api/status', (route) =>
        route.fulfill({ json: { online: false, open: false, opensAt: OPENS_AT } }),
      )
    await page.clock.setFixedTime(NOW)
    await page.goto(`${backend.origin}/`)
    await page.locator('porthole-widget .ph-launcher').click()
    await page.locator('porthole-widget .ph-header').waitFor()
    return page
  }

  /** Waits until the status line says `text` (the heading's chunk has drawn it). */
  const statusSays = (page: Page, text: string) =>
    expect.poll(async () => (await facts(page)).status).toContain(text)

  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` })
  }

  it('keeps one height in every state and size, the title whole and one line of status', async () => {
    const heights: Record<string, number> = {}
    for (const size of Object.keys(SIZES) as Size[]) {
      const record = async (page: Page, state: string) => {
        await shot(page, `${size}-${state}`)
        const seen = await facts(page)
        heights[`${size} ${state}`] = seen.height
        expect(seen.titleWhole, `${size} ${state}: "${TITLE}" cut`).toBe(true)
        expect(seen.statusLines, `${size} ${state}: "${seen.status}"`).toBe(1)
        // Whole but for the team's reply time, the one status that may end in an ellipsis
        // (its whole text in the line's tooltip and for screen readers).
        if (state !== 'team')
          expect(seen.statusWhole, `${size} ${state}: "${seen.status}" cut`).toBe(true)
      }
      const team = await backendFor()
      const withTeam = await backendFor(TEAM(team.origin))
      const page = await openChat(withTeam, size)
      await statusSays(page, 'Usually replies in a few minutes')
      await page.locator('porthole-widget .ph-team img').first().waitFor()
      await record(page, 'team')

      // The agent answers: her initials in place of the team's photos.
      await page.locator('porthole-widget .ph-window .ph-input').press('Shift')
      await page.locator('porthole-widget .ph-window .ph-input').fill('Hello')
      await page.locator('porthole-widget .ph-window .ph-input').press('Enter')
      withTeam.agentSays({ author: 'agent', name: 'Anna', content: { type: 'text', text: 'Hi!' } })
      await statusSays(page, 'Anna')
      await record(page, 'agent')

      // Help open.
      await page.locator('porthole-widget .ph-header').getByRole('button', { name: 'Help' }).click()
      await record(page, 'help')
      await page.locator('porthole-widget .ph-header').getByRole('button', { name: 'Help' }).click()

      // The network down: a short status in the header, the whole sentence (messages wait
      // to be sent) under the message box, where it is read whole.
      await page.context().setOffline(true)
      await expect
        .poll(async () => (await facts(page)).status)
        .toBe(`Anna · ${EN_CHAT_STRINGS.offline}`)
      await page
        .locator('porthole-widget .ph-notice')
        .getByText(EN_CHAT_STRINGS.noNetwork, { exact: true })
        .waitFor()
      await record(page, 'network-down')
      await page.context().setOffline(false)

      // Nobody online, inside the hours: no reply-time promise.
      const offline = await openChat(await backendFor(TEAM(team.origin), false), size)
      await statusSays(offline, 'Offline')
      await expect.poll(async () => (await facts(offline)).status).toBe('Offline')
      await record(offline, 'offline')

      // Outside business hours: when the team is back.
      const away = await openChat(await backendFor(TEAM(team.origin), false), size, 'en', {
        away: true,
      })
      await statusSays(away, LANGUAGES.en.back)
      await record(away, 'away')

      // The consent step before the conversation.
      const consent = await openChat(await backendFor({ consent: { version: '2026-05' } }), size)
      await consent.locator('porthole-widget .ph-consent').waitFor()
      await record(consent, 'consent')
    }
    const all = Object.values(heights)
    expect(new Set(all).size, JSON.stringify(heights)).toBe(1)
    // Defect 15: on a 390×500 phone with the keyboard up, at most 64 px.
    expect(heights['keyboard team']).toBeLessThanOrEqual(64)
  })

  it('says when the team is back in the visitor language, with the title whole in Arabic and Japanese', async () => {
    for (const lang of ['ar', 'ja'] as Lang[]) {
      for (const size of ['desktop', 'phone'] as Size[]) {
        const backend = await backendFor()
        const page = await openChat(await backendFor(TEAM(backend.origin), false), size, lang, {
          away: true,
        })
        await statusSays(page, LANGUAGES[lang].back)
        const seen = await facts(page)
        expect(seen.titleWhole, `${lang} ${size}`).toBe(true)
        expect(seen.statusLines).toBe(1)
        expect(seen.height).toBeLessThanOrEqual(64)
        await shot(page, `${size}-away-${lang}`)
      }
    }
  })

  it('offers every action by keyboard, labelled, with the mute toggle in the menu; axe clean; no motion when reduced', async () => {
    const backend = await backendFor()
    const page = await openChat(await backendFor(TEAM(backend.origin)), 'phone', 'en', {
      dark: true,
    })
    await statusSays(page, 'Usually replies in a few minutes')
    // Three buttons (Help, Menu, Close): the sound's toggle moved into the menu.
    expect((await facts(page)).buttons).toEqual([
      EN_CHAT_STRINGS.help,
      EN_CHAT_STRINGS.menu,
      EN_CHAT_STRINGS.close,
    ])
    await shot(page, 'phone-team-dark')
    expect(await axeSerious(page)).toEqual([])
    // A new status slides into place where the old one was (its colour stays whole, so its
    // contrast holds while it moves); not with reduced motion.
    const animation = () =>
      page
        .locator('porthole-widget .ph-status-line')
        .evaluate((node) => getComputedStyle(node).animationName)
    expect(await animation()).toBe('ph-swap')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await animation()).toBe('none')
    await page.emulateMedia({ reducedMotion: null })
    const menu = page.locator('porthole-widget .ph-header').getByRole('button', { name: 'Menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    const mute = page.locator('porthole-widget .ph-menu').getByRole('button', { name: 'Mute' })
    await mute.waitFor()
    expect(await mute.getAttribute('aria-pressed')).toBe('false')
    await mute.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('true')
    expect(await axeSerious(page)).toEqual([])
    await shot(page, 'phone-menu-dark')
  })
})
