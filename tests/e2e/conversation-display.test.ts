import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureWidgetBuild } from '../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../kit/chromium'
import { type FakeBackendServer, PLAIN_HOST_CSS, startFakeBackend } from '../../kit/fake-backend'
import type { ConversationEntry } from '../../shared/widget-api'

// Issue 17, as the customer sees the conversation, in Chromium against the built widget:
// right-to-left pages, voice and stickers, dark controls, links, day separators, the
// emoji picker and the mute toggle. Screenshots go to /tmp/shots/disp-*.png.

const SHOTS = '/tmp/shots'
const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }
// 10:48 on Sunday 22 November 2026, in UTC (the contexts run in UTC).
const NOW = Date.UTC(2026, 10, 22, 10, 48)
const HOUR = 3_600_000
const DAY = 24 * HOUR

type Agent = Omit<ConversationEntry, 'id' | 'at'>
const anna = (content: Agent['content']): Agent => ({ author: 'agent', name: 'Anna', content })
const text = (value: string): Agent => anna({ type: 'text', text: value })
/** Sends `message` from the composer and waits for its "Sent" mark (`labels` in another language). */
async function send(page: Page, message: string, labels = { box: 'Message', sent: 'Sent' }) {
  const input = page.getByRole('textbox', { name: labels.box })
  await input.fill(message)
  await input.press('Enter')
  await page.getByText(labels.sent).waitFor()
}

/** A 3-second voice message from Anna, served by the fake backend at `origin`. */
const voice = (origin: string): Agent =>
  anna({
    type: 'voice',
    file: `${origin}/media/voice.wav`,
    file_name: 'voice.wav',
    file_size: 24_044,
    duration: 3,
  })

describeInBrowser('the conversation as the customer sees it (issue 17)', () => {
  let browser: Browser
  const backends: FakeBackendServer[] = []
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    await ensureWidgetBuild()
    mkdirSync(SHOTS, { recursive: true })
    browser = await launchBrowser()
  }, 180_000)
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {})
    await browser?.close()
    for (const backend of backends) await backend.close()
  })

  async function backendFor(
    options: Parameters<typeof startFakeBackend>[0] = {},
  ): Promise<FakeBackendServer> {
    // Its clock starts at NOW, as the pages' does, so what it stores is of NOW's day
    // whatever the day the test runs.
    const started = Date.now()
    const backend = await startFakeBackend({
      hostCss: PLAIN_HOST_CSS,
      now: () => NOW + Date.now() - started,
      ...options,
      config: { title: 'Acme Outdoor support', color: '#0f766e', ...options.config },
    })
    backends.push(backend)
    return backend
  }

  /** A new visitor's page on the backend's site, the clock fixed at NOW (timers run). */
  async function visit(
    backend: FakeBackendServer,
    options: BrowserContextOptions = {},
  ): Promise<Page> {
    const context = await browser.newContext({
      viewport: DESKTOP,
      locale: 'en-US',
      timezoneId: 'UTC',
      ...options,
    })
    contexts.push(context)
    const page = await context.newPage()
    await page.clock.setFixedTime(NOW)
    await page.goto(`${backend.origin}/`)
    return page
  }

  async function open(page: Page, name = /open chat|открыть чат/i): Promise<void> {
    await page.getByRole('button', { name }).click()
    await page.locator('porthole-widget .ph-window .ph-input').waitFor()
  }

  /**
   * Opens the chat and starts the conversation the way a visitor does, with a key in the
   * message box (a new visitor's open starts nothing: widget/chat/window/controller.ts), so the
   * agent's messages can arrive.
   */
  async function talk(page: Page): Promise<void> {
    await open(page)
    await page.locator('porthole-widget .ph-window .ph-input').press('Shift')
  }

  /** The conversation (Playwright's CSS locators pierce the widget's shadow root). */
  const log = (page: Page) => page.locator('porthole-widget .ph-log')

  /**
   * Makes the page's visitor a returning one (a stored session, no stored conversation,
   * as on a new device after identify): the stream replays the newest 200 and earlier
   * pages load on scrolling up.
   */
  async function returning(page: Page, backend: FakeBackendServer): Promise<void> {
    await page.evaluate(
      (name) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open(name)
          open.onupgradeneeded = () => open.result.createObjectStore('state')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const write = open.result.transaction('state', 'readwrite')
            write
              .objectStore('state')
              .put({ visitorId: 'visitor-1', token: 'token-1', contact: {} }, 'session')
            write.oncomplete = () => {
              open.result.close()
              resolve(undefined)
            }
            write.onerror = () => reject(write.error)
          }
        }),
      `porthole:${new URL(backend.origin).host}`,
    )
    await page.reload()
  }

  /** How far the emoji button reaches into the text area of the message box (0: clear of it). */
  function emojiOverlap(page: Page): Promise<number> {
    return page.locator('porthole-widget .ph-composer').evaluate((form) => {
      const input = form.querySelector('textarea')
      const button = form.querySelector('.ph-smile')
      if (!input || !button) throw new Error('no message box or emoji button')
      const box = input.getBoundingClientRect()
      const style = getComputedStyle(input)
      const left = box.left + Number.parseFloat(style.paddingLeft)
      const right = box.right - Number.parseFloat(style.paddingRight)
      const { left: from, right: to } = button.getBoundingClientRect()
      return Math.max(0, Math.min(right, to) - Math.max(left, from))
    })
  }

  /** The bubble with this text lies wholly inside the conversation's visible area. */
  function inView(page: Page, bubbleText: string): Promise<boolean> {
    return log(page).evaluate((list, wanted) => {
      const bubble = [...list.querySelectorAll('.ph-bubble')].find(
        (each) => each.textContent === wanted,
      )
      if (!bubble) return false
      const box = bubble.getBoundingClientRect()
      const view = list.getBoundingClientRect()
      return box.top >= view.top - 0.5 && box.bottom <= view.bottom + 0.5
    }, bubbleText)
  }

  /** The launcher's box on the page. */
  async function launcherBox(page: Page) {
    const box = await page.locator('porthole-widget .ph-launcher').boundingBox()
    if (!box) throw new Error('the launcher is not shown')
    return box
  }

  describe('a right-to-left page', () => {
    it('opening the chat does not move the launcher, the meta line reads in order, the send arrow is mirrored', async () => {
      const backend = await backendFor({
        html: 'lang="ar" dir="rtl"',
        config: { launcherLabel: 'always' },
      })
      const page = await visit(backend)
      await page.getByRole('button', { name: /open chat/i }).waitFor()
      const before = await launcherBox(page)
      // The mirrored corner (bottom left), the visible label beside it toward the page.
      expect(before.x).toBeLessThan(DESKTOP.width / 2)
      const label = page.locator('porthole-widget .ph-label')
      await label.getByText('We are online').waitFor()
      const beside = await label.boundingBox()
      expect(beside?.x ?? -1).toBeGreaterThanOrEqual(before.x + before.width)
      await open(page)
      const after = await launcherBox(page)
      expect(Math.abs(after.x - before.x)).toBeLessThan(1)
      expect(Math.abs(after.y - before.y)).toBeLessThan(1)
      // The window opens beside the launcher, inside the viewport.
      const window = await page.getByRole('dialog').boundingBox()
      expect(window?.x).toBeGreaterThanOrEqual(0)
      expect((window?.x ?? 0) + (window?.width ?? 0)).toBeLessThanOrEqual(DESKTOP.width)

      const input = page.getByRole('textbox', { name: 'Message' })
      await input.fill('Do you ship to Haifa?')
      await input.press('Enter')
      const meta = page.locator('porthole-widget .ph-own .ph-meta').last()
      await meta.getByText('Sent').waitFor()
      // "10:48 AM · Sent": the time first, its AM/PM with it.
      const order = await meta.evaluate((element) => {
        const time = element.querySelector('time')?.getBoundingClientRect()
        const status = element.querySelector('.ph-status')?.getBoundingClientRect()
        return { time, status, text: element.textContent }
      })
      expect(order.text).toMatch(/^\d\d:\d\d [AP]M · Sent$/)
      expect(order.time?.right ?? 0).toBeLessThan(order.status?.left ?? 0)
      const mirrored = await page
        .locator('porthole-widget .ph-send svg')
        .evaluate((svg) => getComputedStyle(svg).transform)
      expect(mirrored).toBe('matrix(-1, 0, 0, 1, 0, 0)')
      // The emoji button sits clear of the text, in either direction of the text.
      expect(await emojiOverlap(page)).toBe(0)
      await input.fill('English text on a right-to-left page')
      expect(await emojiOverlap(page)).toBe(0)
      await input.fill('')
      await page.screenshot({ path: `${SHOTS}/disp-rtl.png` })
      // Closing does not move it either.
      await page
        .getByRole('button', { name: /close chat/i })
        .first()
        .click()
      const closed = await launcherBox(page)
      expect(Math.abs(closed.x - before.x)).toBeLessThan(1)
    })
  })

  describe('voice, stickers and dark controls', () => {
    async function media(page: Page, backend: FakeBackendServer): Promise<void> {
      backend.agentSays(voice(backend.origin))
      backend.agentSays(
        anna({
          type: 'sticker',
          file: `${backend.origin}/media/photo.svg`,
          file_name: 'sticker.svg',
          file_size: 800,
          emoji: '👍',
        }),
      )
      await page.locator('porthole-widget .ph-audio').waitFor()
      await page.getByRole('img', { name: '👍' }).waitFor()
    }

    it('gives the voice player its width and a "Voice message" label; a sticker is named by its emoji', async () => {
      for (const viewport of [DESKTOP, PHONE]) {
        const backend = await backendFor()
        const page = await visit(backend, { viewport })
        await talk(page)
        // A conversation longer than the window: the list scrolls and follows the bottom.
        for (let index = 1; index <= 12; index++) backend.agentSays(text(`Update ${index}`))
        await page.locator('porthole-widget .ph-bubble').getByText('Update 12').waitFor()
        await media(page, backend)
        const player = page.locator('porthole-widget .ph-audio')
        const box = await player.boundingBox()
        // 260 px: room for the timeline (at the 168 px it had, the scrubber was a dash).
        expect(box?.width).toBeGreaterThanOrEqual(250)
        expect(await player.getAttribute('aria-label')).toBe('Voice message')
        await expect
          .poll(() => page.locator('porthole-widget .ph-bubble').getByText('Voice message').count())
          .toBe(1)
        expect(await page.getByRole('img', { name: '👍' }).count()).toBe(1)
        // The list followed the bottom as the media's code and the picture came in: a
        // reply after them is in view.
        backend.agentSays(text('Did that play?'))
        await page.locator('porthole-widget .ph-bubble').getByText('Did that play?').waitFor()
        await expect.poll(() => inView(page, 'Did that play?')).toBe(true)
        if (viewport === PHONE) await page.screenshot({ path: `${SHOTS}/disp-phone-media.png` })
      }
    })

    /** The mean brightness (0–1) of the audio player's pixels. */
    async function playerBrightness(page: Page): Promise<number> {
      const player = page.locator('porthole-widget .ph-audio')
      await expect
        .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState))
        .toBeGreaterThan(0)
      const png = (await player.screenshot()).toString('base64')
      // Decoded in a blank page (the site's CSP allows no data: images).
      const blank = await page.context().newPage()
      const brightness = await blank.evaluate(async (data) => {
        const image = new Image()
        image.src = `data:image/png;base64,${data}`
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.width
        canvas.height = image.height
        const context = canvas.getContext('2d')
        if (!context) throw new Error('no 2d context')
        context.drawImage(image, 0, 0)
        const { data: pixels } = context.getImageData(0, 0, image.width, image.height)
        let sum = 0
        for (let at = 0; at < pixels.length; at += 4)
          sum += ((pixels[at] ?? 0) + (pixels[at + 1] ?? 0) + (pixels[at + 2] ?? 0)) / 3
        return sum / (pixels.length / 4) / 255
      }, png)
      await blank.close()
      return brightness
    }

    it('draws native audio controls dark in the dark scheme and light in the light one', async () => {
      const brightness: Record<string, number> = {}
      for (const colorScheme of ['dark', 'light'] as const) {
        const backend = await backendFor()
        const page = await visit(backend, { colorScheme })
        await open(page)
        await page
          .getByRole('textbox', { name: 'Message' })
          .fill('Can you send the voice note again?')
        await page.getByRole('textbox', { name: 'Message' }).press('Enter')
        await media(page, backend)
        brightness[colorScheme] = await playerBrightness(page)
        if (colorScheme === 'dark') expect(brightness.dark).toBeLessThan(0.4)
        if (colorScheme === 'light') continue
        backend.agentSays(text('Here it is — and our sizing guide: https://acme.example/sizes.'))
        await page.getByRole('link', { name: 'https://acme.example/sizes' }).waitFor()
        await page.screenshot({ path: `${SHOTS}/disp-dark.png` })
      }
      expect(brightness.dark).toBeLessThan(0.4)
      expect(brightness.light).toBeGreaterThan(0.6)
    })
  })

  it('makes links in agent text clickable (http(s) and e-mail only), with the right rel, and wraps long ones; the customer’s own too', async () => {
    const backend = await backendFor()
    const page = await visit(backend)
    await talk(page)
    const long = `https://docs.acme.example/returns/${'very-long-path-segment-'.repeat(8)}end`
    backend.agentSays(
      text(
        `Our returns policy: ${long}. Questions? Write to help@acme.example, not javascript:alert(1) or data:text/html,hi`,
      ),
    )
    const link = page.getByRole('link', { name: long })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(long)
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow')
    const mail = page.getByRole('link', { name: 'help@acme.example' })
    expect(await mail.getAttribute('href')).toBe('mailto:help@acme.example')
    // Nothing else became a link; the sentence's full stop stays outside.
    expect(await page.locator('porthole-widget .ph-bubble a').count()).toBe(2)
    expect(await page.locator('porthole-widget .ph-bubble').last().textContent()).toContain(
      `${long}. Questions?`,
    )
    // The long URL wraps inside the bubble: nothing overflows the conversation sideways.
    const overflow = await log(page).evaluate((list) => {
      const bubble = [...list.querySelectorAll('.ph-bubble')].at(-1)
      return {
        scroll: list.scrollWidth - list.clientWidth,
        right: (bubble?.getBoundingClientRect().right ?? 0) - list.getBoundingClientRect().right,
      }
    })
    expect(overflow?.scroll).toBe(0)
    expect(overflow?.right).toBeLessThanOrEqual(0)
    // A click opens a new tab (the page itself stays).
    await page
      .context()
      .route('https://docs.acme.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Returns</title>' }),
      )
    const popup = page.context().waitForEvent('page')
    await link.click()
    expect((await popup).url()).toContain('docs.acme.example/returns/')
    expect(page.url()).toBe(`${backend.origin}/`)
    // The customer's own links are links too (issue 24, defect 9), by the same rules.
    await page.getByRole('textbox', { name: 'Message' }).fill('see https://mine.example')
    await page.getByRole('textbox', { name: 'Message' }).press('Enter')
    const own = page
      .locator('porthole-widget .ph-own .ph-bubble')
      .getByRole('link', { name: 'https://mine.example' })
    await own.waitFor()
    expect(await own.getAttribute('href')).toBe('https://mine.example')
    expect(await own.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  })

  it('separates the days of a long history (Today, Yesterday, dates), earlier pages and catch-up included', async () => {
    const backend = await backendFor()
    // 260 replies, one every 40 minutes, back from 10:40 today: about 7 days. The stream
    // replays the newest 200; the rest come with "load earlier".
    const count = 260
    for (let index = count; index >= 1; index--)
      backend.agentSays(
        text(`Reply ${count - index + 1}`),
        NOW - 8 * 60_000 - (index - 1) * 40 * 60_000,
      )
    const page = await visit(backend)
    await returning(page, backend)
    await open(page)
    await page
      .locator('porthole-widget .ph-bubble')
      .getByText(`Reply ${count}`, { exact: true })
      .waitFor()
    const days = () =>
      page
        .locator('porthole-widget .ph-day')
        .evaluateAll((items) => items.map((item) => item.textContent))
    const shown = await days()
    expect(shown.slice(-2)).toEqual(['Yesterday', 'Today'])
    expect(new Set(shown).size).toBe(shown.length)
    // Each separator is right above its day's first message.
    const placement = await log(page).evaluate((list) =>
      [...list.querySelectorAll('.ph-day')].map((day) => {
        // "Anna joined the conversation" may stand between a day and its first message.
        const first = day.nextElementSibling?.matches('.ph-joined')
          ? day.nextElementSibling.nextElementSibling
          : day.nextElementSibling
        const next = first?.querySelector('time')?.getAttribute('datetime')
        const previous = day.previousElementSibling?.querySelector('time')?.getAttribute('datetime')
        return { label: day.textContent, next, previous }
      }),
    )
    for (const { next, previous } of placement) {
      expect(next).toBeTruthy()
      if (previous) expect(previous.slice(0, 10) < (next ?? '').slice(0, 10)).toBe(true)
    }
    // Scrolling up loads the earlier 60: their days get separators, none doubles.
    for (let scrolls = 0; scrolls < 10; scrolls++) {
      if (
        (await page
          .locator('porthole-widget .ph-bubble')
          .getByText('Reply 1', { exact: true })
          .count()) > 0
      )
        break
      await log(page).evaluate((list) => list.scrollTo({ top: 0 }))
      await page.waitForTimeout(300)
    }
    await page.locator('porthole-widget .ph-bubble').getByText('Reply 1', { exact: true }).waitFor()
    const all = await days()
    expect(all).toEqual([
      'November 15',
      'November 16',
      'November 17',
      'November 18',
      'November 19',
      'November 20',
      'Yesterday',
      'Today',
    ])
    // A reply arriving now falls under Today: no second separator.
    backend.agentSays(text('Fresh reply'), NOW)
    await page.locator('porthole-widget .ph-bubble').getByText('Fresh reply').waitFor()
    expect(await days()).toEqual(all)
    // After a reload, the replies missed meanwhile (catch-up) keep the order and the days.
    await page.reload()
    await page.locator('porthole-widget .ph-bubble').getByText('Fresh reply').waitFor()
    const again = await days()
    expect(again.slice(-2)).toEqual(['Yesterday', 'Today'])
    expect(new Set(again).size).toBe(again.length)
  })

  it('shows the days in Russian, and the separators in the screenshots', async () => {
    const backend = await backendFor({
      data: 'data-lang="ru"',
      config: { greeting: 'Здравствуйте! Чем помочь?' },
    })
    backend.agentSays(text('Добрый вечер! Палатка Trail 2 снова в наличии.'), NOW - DAY - 2 * HOUR)
    const page = await visit(backend, { locale: 'ru-RU' })
    await open(page, /открыть чат/i)
    await send(page, 'Отлично, можно забронировать?', { box: 'Сообщение', sent: 'Отправлено' })
    backend.agentSays(
      text('Да, пишите на help@acme.example или смотрите https://acme.example/trail-2'),
    )
    await page.getByRole('link', { name: 'help@acme.example' }).waitFor()
    expect(
      await page
        .locator('porthole-widget .ph-day')
        .evaluateAll((items) => items.map((item) => item.textContent)),
    ).toEqual(['Вчера', 'Сегодня'])
    await page.screenshot({ path: `${SHOTS}/disp-russian.png` })
  })

  it('inserts an emoji from the picker at the caret; the picker loads on first use, works by keyboard, Escape closes it only', async () => {
    const backend = await backendFor()
    const page = await visit(backend)
    await open(page)
    const picker = () => backend.requests.filter((path) => /EmojiPicker/.test(path)).length
    expect(picker()).toBe(0)
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill('Thanks for the help')
    // The caret after "Thanks".
    await input.evaluate((box: HTMLTextAreaElement) => box.setSelectionRange(6, 6))
    await page.getByRole('button', { name: 'Emoji' }).click()
    const dialog = page.getByRole('dialog', { name: 'Emoji' })
    await dialog.waitFor()
    expect(picker()).toBe(1)
    await page.screenshot({ path: `${SHOTS}/disp-emoji.png` })
    // The first emoji has the focus: Right, Down, Enter picks the 10th (a row holds 8).
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => input.inputValue()).toBe('Thanks😇 for the help')
    expect(await dialog.count()).toBe(0)
    await expect
      .poll(() => input.evaluate((box: HTMLTextAreaElement) => box.selectionStart))
      .toBe(8)
    // Another tab by click; then Escape closes the picker and leaves the chat open.
    await page.getByRole('button', { name: 'Emoji' }).click()
    await dialog.getByRole('tab', { name: 'Gestures' }).click()
    await dialog.getByRole('button', { name: '👍' }).click()
    await expect.poll(() => input.inputValue()).toBe('Thanks😇👍 for the help')
    await page.getByRole('button', { name: 'Emoji' }).click()
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    expect(await dialog.count()).toBe(0)
    expect(await page.getByRole('dialog', { name: 'Acme Outdoor support' }).count()).toBe(1)
    // The chunk was fetched once.
    expect(picker()).toBe(1)
    await input.press('Enter')
    await expect.poll(() => backend.messages.at(-1)?.text).toBe('Thanks😇👍 for the help')
  })

  it('mutes the reply sound from the menu, remembered across a reload', async () => {
    const backend = await backendFor({ config: { sound: true } })
    const page = await visit(backend)
    await open(page)
    // Issue 35: the sound's toggle is in the header's menu.
    const menu = () => page.getByRole('button', { name: 'Menu' }).click()
    const mute = page.getByRole('button', { name: 'Mute' })
    await menu()
    expect(await mute.getAttribute('aria-pressed')).toBe('false')
    await mute.click()
    expect(await mute.getAttribute('aria-pressed')).toBe('true')
    await page.reload()
    await page.locator('porthole-widget .ph-window .ph-input').waitFor()
    await menu()
    await expect.poll(() => mute.getAttribute('aria-pressed')).toBe('true')
    await mute.click()
    await page.reload()
    await page.locator('porthole-widget .ph-window .ph-input').waitFor()
    await page.waitForTimeout(300)
    await menu()
    expect(await mute.getAttribute('aria-pressed')).toBe('false')
    // A site without sound has no toggle.
    const quiet = await backendFor({ config: { sound: false } })
    const other = await visit(quiet)
    await open(other)
    await other.getByRole('button', { name: 'Menu' }).click()
    await other.getByRole('button', { name: 'Download my conversation' }).waitFor()
    expect(await other.getByRole('button', { name: 'Mute' }).count()).toBe(0)
  })

  it('looks right on a desktop and a phone (screenshots)', async () => {
    for (const [name, options] of [
      ['desktop', { viewport: DESKTOP }],
      ['phone', { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
    ] as const) {
      const backend = await backendFor({ config: { sound: true } })
      backend.agentSays(text('Hi! Your order #4412 shipped yesterday.'), NOW - DAY - 3 * HOUR)
      const page = await visit(backend, options)
      await open(page)
      await send(page, 'Great, can I track it?')
      backend.agentSays(
        text('Sure: https://track.acme.example/4412 — or write to help@acme.example.'),
      )
      backend.agentSays(voice(backend.origin))
      await page.locator('porthole-widget .ph-audio').waitFor()
      expect(await emojiOverlap(page)).toBe(0)
      await page.waitForTimeout(300)
      await page.screenshot({ path: `${SHOTS}/disp-${name}.png` })
    }
  })
})
