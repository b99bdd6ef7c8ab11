// @vitest-environment node
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureWidgetBuild } from '../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../kit/chromium'
import { type FakeBackendServer, PLAIN_HOST_CSS, startFakeBackend } from '../../kit/fake-backend'

// Tap to chat (issue 26): the chat's file is fetched at the visitor's first pointer over
// the page, or when the launcher gets the keyboard's focus, so the tap (or the Enter) on
// the launcher does not wait for it; never before, and only once.

const CHAT_FILE = /^\/widget\/assets\/chat-[\w-]{8}\.js$/
/**
 * The home screen's chunk (widget/chat/home/), drawn after the window, the chunk it
 * imports ("Back at 9:00", answering/back-at.ts, shared with the header's heading), and
 * the first frame's log (intro-log), fetched beside the window (chat/window/start-chat.tsx).
 */
const HOME_FILE = /\/widget\/assets\/(HomeScreen|back-at|intro-log)-[\w-]+\.js$/

describeInBrowser("the chat's file on the first sign of a visitor", () => {
  let browser: Browser
  let backend: FakeBackendServer

  beforeAll(async () => {
    await ensureWidgetBuild()
    backend = await startFakeBackend({ hostCss: PLAIN_HOST_CSS })
    browser = await launchBrowser()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await backend?.close()
  })

  /** A new visitor's page, left alone long enough for the widget's own start (the status). */
  async function untouchedPage() {
    const context = await browser.newContext()
    const page = await context.newPage()
    const chatRequests = () => backend.requests.filter((path) => CHAT_FILE.test(path))
    const before = chatRequests().length
    await page.goto(`${backend.origin}/`)
    const launcher = page.getByRole('button', { name: /open chat/i })
    await launcher.waitFor()
    await page.waitForTimeout(1_500)
    const chatFetches = () => chatRequests().length - before
    const chatFetched = page.waitForRequest((request) =>
      CHAT_FILE.test(new URL(request.url()).pathname),
    )
    return { context, page, launcher, chatFetches, chatFetched }
  }

  it('is not fetched before the visitor moves or touches, then once, and the open uses it', async () => {
    const { context, page, launcher, chatFetches, chatFetched } = await untouchedPage()
    expect(chatFetches()).toBe(0)

    // The mouse enters the page, far from the launcher.
    await page.mouse.move(5, 5)
    await chatFetched
    await page.mouse.move(40, 60)
    await launcher.click()
    await page.getByRole('dialog').waitFor()
    expect(chatFetches()).toBe(1)
    await context.close()
  })

  it('is fetched when the launcher is focused by keyboard, before the Enter that opens the chat', async () => {
    const { context, page, chatFetches, chatFetched } = await untouchedPage()
    expect(chatFetches()).toBe(0)

    // No pointer at all: the page has nothing else to focus, so one Tab reaches the launcher.
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(
      () => document.querySelector('porthole-widget')?.shadowRoot?.activeElement?.className,
    )
    expect(focused).toContain('ph-launcher')
    await chatFetched
    expect(chatFetches()).toBe(1)
    await page.keyboard.press('Enter')
    await page.getByRole('dialog').waitFor()
    expect(chatFetches()).toBe(1)
    await context.close()
  })

  it("a new visitor's open fetches the chat's file and nothing else before the window shows", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${backend.origin}/`)
    const launcher = page.getByRole('button', { name: /open chat/i })
    await launcher.waitFor()
    await page.waitForTimeout(1_500)
    const before = backend.requests.length
    await launcher.click()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    const paths = backend.requests.slice(before)
    expect(paths.filter((path) => CHAT_FILE.test(path))).toHaveLength(1)
    // No API call stands between the tap and the window: the status is known already. The
    // home screen's chunk is asked for as the window is drawn (its message box is usable
    // before it arrives): nothing else.
    expect(paths.filter((path) => !CHAT_FILE.test(path) && !HOME_FILE.test(path))).toEqual([])
    await context.close()
  })
})
