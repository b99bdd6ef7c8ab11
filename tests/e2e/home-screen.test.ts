import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { LANGUAGES } from '../../shared/widget-api'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import {
  bubble,
  chatWindow,
  composer,
  launcher,
  say,
  visit,
  waitOnline,
} from '../support/widget-page'
import { axeSerious } from './support/axe'

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

/** Where the offline form's "Send message" is, against the window and the screen it is in. */
function submitPlace(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('porthole-widget')?.shadowRoot
    const button = root?.querySelector('.ph-submit')?.getBoundingClientRect()
    const form = root?.querySelector('.ph-offline-form')?.getBoundingClientRect()
    const home = root?.querySelector('.ph-home')
    const screen = home?.getBoundingClientRect()
    if (!button || !form || !screen || !home) return 'no form in the home screen'
    const seen = (box: DOMRect) =>
      box.top >= screen.top - 0.5 &&
      box.bottom <= screen.bottom + 0.5 &&
      box.bottom <= window.innerHeight + 0.5 &&
      box.height > 0
    return seen(form) && seen(button) && home.scrollTop === 0
      ? 'visible'
      : `form ${Math.round(form.top)}–${Math.round(form.bottom)}, button ${Math.round(button.top)}–${Math.round(button.bottom)}, screen ${Math.round(screen.top)}–${Math.round(screen.bottom)}, window ${window.innerHeight}`
  })
}

async function switchLanguage(page: Page, lang: string): Promise<void> {
  await page.evaluate(
    (code) =>
      (
        window as unknown as { Porthole: { setLanguage(lang: string): Promise<void> } }
      ).Porthole.setLanguage(code),
    lang,
  )
  await page.locator(`porthole-widget .ph-frame[lang="${lang}"] .ph-submit`).waitFor()
}

describeInBrowser('the home screen', () => {
  const e2e = useBrowserDemo()

  it('nobody online: the whole offline form and its button show without scrolling, desktop and phone, in every language', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const visitor = await newVisitor(e2e.browser, {
        viewport,
        ...(viewport === PHONE ? { isMobile: true } : {}),
      })
      const page = await visit(visitor, e2e.demo.siteUrl)
      await launcher(page).click()
      await chatWindow(page).locator('.ph-home .ph-submit').waitFor()
      expect(await axeSerious(page)).toEqual([])
      const cut: string[] = []
      for (const lang of LANGUAGES) {
        await switchLanguage(page, lang)
        const place = await submitPlace(page)
        if (place !== 'visible') cut.push(`${viewport.width}×${viewport.height} ${lang}: ${place}`)
      }
      expect(cut).toEqual([])
      await visitor.close()
    }
  })

  it('a new visitor: the greeting, the team online, "Send us a message" and a message box focused at once', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    await agent.setOnline('Anna', true)
    const visitor = await newVisitor(e2e.browser)
    const page = await visit(visitor, e2e.demo.siteUrl)
    await waitOnline(page)
    await launcher(page).click()
    const window = chatWindow(page)
    // The message box takes the focus as the window opens, before the home screen's chunk.
    await expect
      .poll(() =>
        composer(page).evaluate((box) => box === (box.getRootNode() as ShadowRoot).activeElement),
      )
      .toBe(true)
    const start = window.getByRole('button', { name: 'Send us a message' })
    await start.waitFor()
    await window.getByText('Online now').waitFor()
    await window.locator('.ph-home-greeting').getByText('Hi! Ask us about orders').waitFor()
    expect(await axeSerious(page)).toEqual([])
    await composer(page).blur()
    await start.click()
    await expect
      .poll(() =>
        composer(page).evaluate((box) => box === (box.getRootNode() as ShadowRoot).activeElement),
      )
      .toBe(true)

    // The first message replaces the home screen with the conversation.
    await say(page, 'Home test: a tent for two?')
    await bubble(page, 'Home test: a tent for two?').waitFor()
    expect(await window.locator('.ph-home').count()).toBe(0)
    // The demo's bot answers first; the agent writes after it, so the agent's words are
    // the conversation's last (on a busy machine the bot's answer could otherwise come last).
    await bubble(
      page,
      'Sorry, I could not find an answer to that. Could you say it differently?',
    ).waitFor()

    // It ends; the visitor sees its end in place. At the next open the home screen offers
    // it to continue, with its last words; a tap shows it.
    const chat = await agent.chatWith('Home test: a tent for two?')
    await agent.send(chat.id, 'Anna', createText('Yes: the Ridge 2, in stock.'))
    await bubble(page, 'Yes: the Ridge 2, in stock.').waitFor()
    const closed = await fetch(`${e2e.demo.sandbox.url}/console/api/chats/${chat.id}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(closed.ok).toBe(true)
    await window.getByText('This conversation has ended').waitFor({ timeout: 20_000 })
    expect(await window.locator('.ph-home').count()).toBe(0)
    await launcher(page).click()
    await launcher(page).click()
    const last = window.getByRole('button', { name: /Your last conversation/ })
    await last.waitFor()
    expect(await last.textContent()).toContain('Yes: the Ridge 2, in stock.')
    await window.getByRole('button', { name: 'Send us a message' }).waitFor()
    // The window has finished appearing (its fade would read as low contrast).
    await page.waitForFunction(
      () =>
        document
          .querySelector('porthole-widget')
          ?.shadowRoot?.querySelector('.ph-window')
          ?.getAnimations().length === 0,
    )
    expect(await axeSerious(page)).toEqual([])
    await last.click()
    await bubble(page, 'Yes: the Ridge 2, in stock.').waitFor()
    await visitor.close()
    await agent.setOnline('Anna', false)
  })
})
