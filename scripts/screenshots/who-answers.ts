// Screenshots of "who is answering" and grouped messages for docs/site-owners (issue 24):
// `npm run build && npx tsx scripts/screenshots/who-answers.ts` writes docs/images/answering-*.png.
// The demo on a free port with team photos from the demo site, Chromium at /usr/bin/chromium.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { startDemoRig } from './demo-rig'

const OUT = join(import.meta.dirname, '../../docs/images')

const port = await new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const address = server.address()
    server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
  })
})
const dataDir = mkdtempSync(join(tmpdir(), 'porthole-shots-'))
const site = `http://127.0.0.1:${port}`
const settingsFile = join(dataDir, 'settings.json')
const demoSettings = JSON.parse(
  (await import('node:fs')).readFileSync(
    join(import.meta.dirname, '../../demo/porthole.config.json'),
    'utf8',
  ),
)
writeFileSync(
  settingsFile,
  JSON.stringify({
    ...demoSettings,
    greeting: undefined,
    invite: undefined,
    team: {
      avatars: [`${site}/media/anna.svg`, `${site}/media/boris.svg`],
      replyTime: 'minutes',
    },
  }),
)
const { browser, agent, close } = await startDemoRig({ dataDir, backendPort: port, settingsFile })
await agent.setOnline('Anna', true)

type Shot = {
  name: string
  phone?: boolean
  dark?: boolean
  lang?: string
  /** The visitor's words and Anna's, in the shot's language. */
  words: [ask: string, hi: string, help: string, thanks: string, more: string]
}

const EN: Shot['words'] = [
  'I want to talk to a person',
  'Hi, Anna here.',
  'I can help you with your order. What is its number?',
  'Thanks!',
  'It is 10432.',
]

async function widget(context: BrowserContext, lang?: string): Promise<Page> {
  // The widget speaks the browser's language (the demo settings name none).
  const page = await context.newPage()
  await page.goto(`${site}/`)
  await page
    .locator('porthole-widget .ph-launcher[aria-label*="online" i]')
    .waitFor({ timeout: 30_000 })
    .catch(() => {})
  await page.waitForTimeout(lang ? 1500 : 500)
  await page.locator('porthole-widget .ph-launcher').click()
  await page.getByRole('textbox').first().waitFor()
  return page
}

async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox').first()
  await box.fill(text)
  await box.press('Enter')
}

async function take(shot: Shot): Promise<void> {
  const context = await browser.newContext({
    viewport: shot.phone ? { width: 390, height: 844 } : { width: 1100, height: 820 },
    ...(shot.phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    colorScheme: shot.dark ? 'dark' : 'light',
    locale: shot.lang ?? 'en-US',
  })
  const page = await widget(context, shot.lang)
  const [ask, hi, help, thanks, more] = shot.words
  await say(page, ask)
  // The bot answers; nobody has joined: the team and the reply time.
  await page.locator('porthole-widget .ph-bubble').nth(1).waitFor()
  await page.waitForTimeout(800)
  if (!shot.lang && !shot.phone && !shot.dark)
    await page.screenshot({ path: join(OUT, 'answering-team.png') })
  const chat = await agent.chatWith(ask)
  await agent.join(chat.id, 'Anna')
  await agent.send(chat.id, 'Anna', { type: 'text', text: hi })
  await agent.send(chat.id, 'Anna', { type: 'text', text: help })
  await page.locator('porthole-widget .ph-joined').waitFor()
  await say(page, thanks)
  await say(page, more)
  await page.locator('porthole-widget .ph-own .ph-bubble', { hasText: more }).waitFor()
  await page.waitForTimeout(1200)
  await page.screenshot({ path: join(OUT, `answering-${shot.name}.png`) })
  await context.close()
}

/** An agent whose photo does not load: initials on a disc. */
async function initials(): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 820 } })
  await context.route('**/media/anna.svg', (route) => route.abort())
  const page = await widget(context)
  await say(page, 'Is anyone there?')
  const chat = await agent.chatWith('Is anyone there?')
  await agent.join(chat.id, 'Anna')
  await agent.send(chat.id, 'Anna', { type: 'text', text: 'Yes, Anna here. How can I help?' })
  await page.locator('porthole-widget .ph-header .ph-initials').waitFor()
  await page.waitForTimeout(800)
  await page.screenshot({ path: join(OUT, 'answering-initials.png') })
  await context.close()
}

try {
  await take({ name: 'joined', words: EN })
  await take({ name: 'phone', phone: true, words: EN })
  await take({ name: 'dark', dark: true, words: EN })
  await take({
    name: 'arabic',
    lang: 'ar',
    words: [
      'أريد التحدث إلى شخص',
      'مرحبًا، معك آنا.',
      'يمكنني مساعدتك في طلبك. ما رقمه؟',
      'شكرًا!',
      'رقمه 10432.',
    ],
  })
  await take({
    name: 'japanese',
    lang: 'ja',
    words: [
      '担当者と話したいです',
      'こんにちは、アンナです。',
      'ご注文の件でお手伝いします。注文番号は？',
      'ありがとう！',
      '10432です。',
    ],
  })
  await initials()
} finally {
  await close()
  rmSync(dataDir, { recursive: true, force: true })
}
