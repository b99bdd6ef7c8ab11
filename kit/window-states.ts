// The chat window's states on the fake backend, as a visitor meets them: the home screen,
// the offline form, the pre-chat form, a conversation, its end (rating and transcript) and
// the error state (a message not sent, the network down). One place for the axe-core test
// (tests/e2e/accessibility.test.ts) and the docs' screenshots
// (scripts/screenshots/window-states.ts), so both see the same window.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import type { Language, PublicConfig } from '../shared/widget-api'
import { type FakeBackendServer, PLAIN_HOST_CSS, startFakeBackend } from './fake-backend'

export const WINDOW_STATES = ['home', 'offline', 'pre-chat', 'chatting', 'ended', 'error'] as const
export type WindowState = (typeof WINDOW_STATES)[number]

const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

/** How the window is seen: the screen, the colour scheme and the language. */
export const VARIANTS = {
  desktop: { context: { viewport: { width: 1280, height: 800 } } },
  phone: { context: { viewport: { width: 390, height: 844 }, ...PHONE } },
  // A phone with its on-screen keyboard up: the visual viewport shrinks to 500 px.
  keyboard: { context: { viewport: { width: 390, height: 500 }, ...PHONE }, focus: true },
  dark: { context: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' } },
  arabic: { context: { viewport: { width: 1280, height: 800 } }, lang: 'ar' },
  japanese: { context: { viewport: { width: 1280, height: 800 } }, lang: 'ja' },
} as const satisfies Record<
  string,
  { context: BrowserContextOptions; lang?: Language; focus?: boolean }
>
export type Variant = keyof typeof VARIANTS

/** What the visitor and the agent say, in the languages the variants speak. */
const WORDS = {
  en: {
    greeting: 'Hi! A person is never far away.',
    offlineText: 'Our team is away right now. Leave a message and we will answer here.',
    ask: 'Hi! Do you ship to Norway?',
    answer: 'Hello, Anna here. Yes, in 3 to 5 days.',
    failed: 'The service refused this message: the chat was closed',
  },
  ar: {
    greeting: 'مرحبًا! هناك دائمًا شخص قريب منك.',
    offlineText: 'فريقنا غير متاح الآن. اترك رسالة وسنرد عليك هنا.',
    ask: 'مرحبًا! هل تشحنون إلى النرويج؟',
    answer: 'مرحبًا، معك آنا. نعم، خلال 3 إلى 5 أيام.',
    failed: 'رفضت الخدمة هذه الرسالة: أُغلقت المحادثة',
  },
  ja: {
    greeting: 'こんにちは！いつでもスタッフがお応えします。',
    offlineText: 'ただいま担当者が不在です。メッセージを残していただければ、ここでお返事します。',
    ask: 'こんにちは！ノルウェーへの発送はできますか？',
    answer: 'こんにちは、アンナです。はい、3〜5日でお届けします。',
    failed: 'チャットが閉じられたため、このメッセージは送信されませんでした',
  },
}

const CONFIG: Partial<PublicConfig> = {
  title: 'Acme Outdoor support',
  color: '#0f766e',
  ended: { transcript: true },
}

const PRE_CHAT: PublicConfig['preChat'] = {
  fields: ['name', 'email', 'consent'],
  required: ['email'],
  consent: {
    version: 'v1',
    text: 'I agree that you keep my details to answer me.',
    url: 'https://shop.example/privacy',
  },
}

const widget = (page: Page) => page.locator('porthole-widget')
const messageBox = (page: Page) => widget(page).getByRole('textbox', { name: /./ }).last()

/** The visitor sends `text`; resolves once the backend has it (an answer comes after it). */
async function say(page: Page, backend: FakeBackendServer, text: string): Promise<void> {
  const before = backend.messages.length
  await messageBox(page).fill(text)
  await messageBox(page).press('Enter')
  await widget(page).locator('.ph-own .ph-bubble', { hasText: text }).waitFor()
  while (backend.messages.length === before) await page.waitForTimeout(50)
}

async function answered(page: Page, backend: FakeBackendServer, lang: keyof typeof WORDS) {
  const words = WORDS[lang]
  await say(page, backend, words.ask)
  backend.agentSays({
    author: 'agent',
    name: 'Anna',
    content: { type: 'text', text: words.answer },
  })
  await widget(page).getByText(words.answer).waitFor()
}

type Act = (page: Page, backend: FakeBackendServer, lang: keyof typeof WORDS) => Promise<void>

const ACTS: Record<WindowState, { online?: boolean; preChat?: boolean; act: Act }> = {
  home: { act: (page) => widget(page).locator('.ph-home').waitFor() },
  offline: {
    online: false,
    act: (page) => widget(page).locator('.ph-home .ph-offline-form').waitFor(),
  },
  'pre-chat': { preChat: true, act: (page) => widget(page).locator('.ph-pre-chat').waitFor() },
  chatting: { act: answered },
  ended: {
    act: async (page, backend, lang) => {
      await answered(page, backend, lang)
      backend.agentSays({
        author: 'system',
        ended: 'closed',
        content: { type: 'text', text: 'This conversation has ended' },
      })
      const end = widget(page).locator('.ph-end')
      // The rating the visitor taps, then the transcript's address field.
      await end.locator('.ph-score').first().click()
      await end.locator('textarea').waitFor()
      await end.locator('form').last().getByRole('button').click()
      await end.locator('input[type="email"]').waitFor()
    },
  },
  error: {
    act: async (page, backend, lang) => {
      await answered(page, backend, lang)
      backend.answer.delivery = 'pending'
      await say(page, backend, '10432')
      backend.delivery(String(backend.messages.at(-1)?.id), 'failed', WORDS[lang].failed)
      await widget(page).locator('.ph-retry').waitFor()
      // Then the network goes: the header says so (after its grace period).
      await page.context().setOffline(true)
      // The header says so after its grace period (widget/chat/window/connection.ts).
      await widget(page).locator('.ph-header .ph-state.ph-off').waitFor()
    },
  },
}

/** The host page with the built widget in `state` as `variant` sees it, not opened yet. */
async function visit(
  browser: Browser,
  state: WindowState,
  variant: Variant,
  extra: BrowserContextOptions,
) {
  const { online = true, preChat = false } = ACTS[state]
  const seen: { context: BrowserContextOptions; lang?: Language; focus?: boolean } =
    VARIANTS[variant]
  const lang: keyof typeof WORDS = seen.lang === 'ar' || seen.lang === 'ja' ? seen.lang : 'en'
  const { greeting, offlineText } = WORDS[lang]
  const backend = await startFakeBackend({
    config: {
      ...CONFIG,
      greeting,
      offlineText,
      ...(seen.lang ? { lang: seen.lang } : {}),
      ...(preChat ? { preChat: PRE_CHAT } : {}),
    },
    online,
    hostCss: PLAIN_HOST_CSS,
    ...(seen.lang === 'ar' ? { html: 'lang="ar" dir="rtl"' } : {}),
  })
  const context = await browser.newContext({
    ...seen.context,
    locale: seen.lang ?? 'en-US',
    ...extra,
  })
  const page = await context.newPage()
  // The fake backend keeps no ratings: the one tapped is stored as the backend would.
  await page.route('**/api/rating', (route) =>
    route.fulfill({ json: { rating: { score: 'good' } } }),
  )
  return {
    page,
    backend,
    lang,
    focus: seen.focus === true,
    async close() {
      await context.close()
      await backend.close()
    },
  }
}

/**
 * Opens the built widget in `state` as `variant` sees it, on a fake backend of its own.
 * `close()` ends both. `extra`: more of the browser context's options (`bypassCSP` for axe).
 *
 * @example const { page, close } = await openWindowState(browser, 'offline', 'arabic')
 */
export async function openWindowState(
  browser: Browser,
  state: WindowState,
  variant: Variant,
  extra: BrowserContextOptions = {},
) {
  const visited = await visit(browser, state, variant, extra)
  const { page, backend, lang } = visited
  await page.goto(`${backend.origin}/`)
  await widget(page).locator('.ph-launcher').click()
  await widget(page).locator('.ph-window').waitFor()
  await ACTS[state].act(page, backend, lang)
  if (visited.focus)
    await widget(page)
      .locator('.ph-window input:not([type="checkbox"]), .ph-window textarea')
      .last()
      .focus()
  return visited
}

/**
 * A new visitor's tap while the chat's file is still on its way: the loader's frame
 * (widget/loader/window-shell.ts) shows. `arrive()` lets the file come; the home screen
 * then replaces the frame.
 */
export async function openLoaderFrame(browser: Browser, variant: Variant) {
  const visited = await visit(browser, 'home', variant, {})
  const { page, backend } = visited
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  await page.route(/\/widget\/assets\/chat-[\w-]+\.js$/, async (route) => {
    await arrived
    await route.continue()
  })
  await page.goto(`${backend.origin}/`)
  await widget(page).locator('.ph-launcher').click()
  await widget(page).locator('.ph-shell').waitFor()
  return { ...visited, arrive }
}
