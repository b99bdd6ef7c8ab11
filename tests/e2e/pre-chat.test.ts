import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, chatWindow, composer, launcher, say } from '../support/widget-page'
import { axeSerious } from './support/axe'
import { saveSettings } from './support/site-settings'
import { uncachedPage } from './support/uncached-page'

// The pre-chat form (settings preChat) in Chromium against the demo with an agent online:
// the visitor cannot start without the required e-mail and the consent, and the backend
// refuses a crafted first message without them (POST /api/messages, 409 pre_chat_required).

const ADMIN_TOKEN = 'e2e-admin-token-for-pre-chat-tests-0123456789'
const ADMIN_PASSWORD = 'e2e-pre-chat-studio-password'
const PRE_CHAT = {
  fields: ['name', 'email', 'consent'],
  required: ['email'],
  consentText: {
    en: 'I agree that you keep my details to answer me.',
    ar: 'أوافق على حفظ بياناتي للرد علي.',
  },
  consentUrl: 'https://shop.example/privacy',
}

/** Screenshots for people to look at: `PRE_CHAT_SHOTS=<folder> npx vitest run tests/e2e/pre-chat.test.ts`. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.PRE_CHAT_SHOTS
  if (!folder) return
  await page.screenshot({ path: `${folder}/${name}.png` })
  // The window alone, as the docs show it.
  const box = await chatWindow(page).boundingBox()
  if (box) await page.screenshot({ path: `${folder}/${name}-window.png`, clip: box })
}

describeInBrowser('the pre-chat form', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', env: { ADMIN_TOKEN, ADMIN_PASSWORD } })

  it('a visitor cannot start without the e-mail and the consent; then the chat goes on', async () => {
    await saveSettings(e2e.demo.siteUrl, ADMIN_TOKEN, { preChat: PRE_CHAT })
    const context = await newVisitor(e2e.browser)
    const page = await uncachedPage(context, e2e.demo.siteUrl)
    await launcher(page).click()
    const window = chatWindow(page)
    const start = window.getByRole('button', { name: 'Start the chat' })
    await start.waitFor()
    expect(await composer(page).count()).toBe(0)
    expect(await axeSerious(page)).toEqual([])
    await shot(page, 'desktop-form')

    await window.getByLabel('Name').fill('Ann')
    await start.click()
    await window.getByRole('alert').getByText('Please fill in: Email').waitFor()
    await window.getByLabel(/^Email/).fill('ann@example.com')
    await start.click()
    await window
      .getByRole('alert')
      .getByText(/tick the box/)
      .waitFor()
    await shot(page, 'desktop-consent-needed')
    expect(await composer(page).count()).toBe(0)

    await window.getByRole('checkbox', { name: /I agree that you keep my details/ }).check()
    await start.click()
    await composer(page).waitFor()
    await say(page, 'Hello after the form')
    await bubble(page, 'Hello after the form').waitFor()
    await shot(page, 'desktop-after')
    // Accepted: the agents have it, with the contact the form gave.
    const chat = await agentConsole(e2e.demo.sandbox.url).chatWith('Hello after the form')
    expect(chat.customer).toMatchObject({ name: 'Ann', email: 'ann@example.com' })
    await context.close()
  })

  it('the backend refuses a crafted first message until the contact and consent are given', async () => {
    await saveSettings(e2e.demo.siteUrl, ADMIN_TOKEN, { preChat: PRE_CHAT })
    const origin = new URL(e2e.demo.siteUrl).origin
    const call = (path: string, body: unknown, token?: string) =>
      fetch(`${origin}${path}`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
    const { token } = (await (await call('/api/session', {})).json()) as { token: string }
    const message = (id: string) =>
      call('/api/messages', { type: 'text', id, text: 'Crafted' }, token)
    const refused = await message('crafted-message-1')
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'pre_chat_required',
    )
    expect(
      (await call('/api/session', { token, contact: { email: 'eve@example.com' } }, token)).status,
    ).toBe(200)
    expect((await message('crafted-message-2')).status).toBe(409)
    const config = (await (
      await fetch(`${origin}/api/config`, { headers: { origin } })
    ).json()) as {
      preChat: { consent: { version: string } }
    }
    const agreed = await call(
      '/api/visitor/consent',
      { version: config.preChat.consent.version },
      token,
    )
    expect(agreed.status).toBe(204)
    expect([200, 202]).toContain((await message('crafted-message-3')).status)
  })

  it('on a phone, in Arabic and dark: the form whole, in the visitor’s language', async () => {
    await saveSettings(e2e.demo.siteUrl, ADMIN_TOKEN, { preChat: PRE_CHAT })
    const phone = await newVisitor(e2e.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
    })
    const page = await uncachedPage(phone, e2e.demo.siteUrl)
    await launcher(page).click()
    const start = chatWindow(page).getByRole('button', { name: 'Start the chat' })
    await start.waitFor()
    expect(await start.isVisible()).toBe(true)
    await shot(page, 'phone-form')
    await phone.close()

    const arabic = await e2e.browser.newContext({ locale: 'ar', colorScheme: 'dark' })
    const ar = await uncachedPage(arabic, e2e.demo.siteUrl)
    await launcher(ar).click()
    await chatWindow(ar).getByRole('button', { name: 'ابدأ المحادثة' }).waitFor()
    await shot(ar, 'arabic-dark-form')
    // The form's own words in Arabic (the site's consent text follows the config's language).
    await chatWindow(ar).getByText('قبل أن نبدأ، أخبرنا كيف نتواصل معك.').waitFor()
    expect(await axeSerious(ar)).toEqual([])
    await arabic.close()
  })

  it('the studio’s preview shows the form as the owner ticks its fields, before saving', async () => {
    await saveSettings(e2e.demo.siteUrl, ADMIN_TOKEN, { preChat: { fields: [] } })
    const context = await newVisitor(e2e.browser, { viewport: { width: 1440, height: 1000 } })
    const page = await context.newPage()
    await page.goto(`${new URL(e2e.demo.siteUrl).origin}/admin`)
    await page.getByLabel('Password').fill(ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Settings studio' }).waitFor()
    const section = page.locator('#pre-chat')
    await section.getByLabel('Ask email before the chat').check()
    await section.getByLabel('Require email before the chat').check()
    await section.getByLabel('Ask consent checkbox before the chat').check()
    const frame = page.frameLocator('iframe[title="Widget preview"]')
    await frame.locator('porthole-widget .ph-launcher').click()
    await frame.getByRole('button', { name: 'Start the chat' }).waitFor()
    await frame.getByLabel(/^Email/).waitFor()
    await section.scrollIntoViewIfNeeded()
    const folder = process.env.PRE_CHAT_SHOTS
    if (folder) await page.screenshot({ path: `${folder}/studio-preview.png` })
    await context.close()
  })
})
