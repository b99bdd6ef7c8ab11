import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import {
  bubble,
  chatWindow,
  launcher,
  openChat,
  say,
  visit,
  waitOnline,
} from '../support/widget-page'

// Issue 17's JS API additions in Chromium, on the demo site: hide/show for a site's own
// button, shutdown/boot, setLanguage, setColor, setAttributes and agentJoined.

const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

type Api = Record<string, (...args: unknown[]) => unknown>
/** Calls window.Porthole[method](...args) in the page and awaits its result. */
function call(page: Page, method: string, ...args: unknown[]): Promise<unknown> {
  return page.evaluate(
    async ([method, args]) =>
      (window as unknown as { Porthole: Api }).Porthole[method as string]?.(...(args as unknown[])),
    [method, args] as const,
  )
}

describeInBrowser('the JS API additions in Chromium', () => {
  it('hide() and show(): the site’s own button opens the chat while the launcher is hidden', async () => {
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await call(page, 'hide')
    await launcher(page).waitFor({ state: 'hidden' })
    await call(page, 'open')
    await chatWindow(page).waitFor()
    expect(await launcher(page).isVisible()).toBe(false)
    await call(page, 'close')
    await call(page, 'show')
    await launcher(page).waitFor({ state: 'visible' })
    await context.close()
  }, 30_000)

  it('works when queued before the script loaded', async () => {
    const context = await newVisitor(e2e.browser)
    const page = await context.newPage()
    await page.addInitScript(() => {
      const namespace = { q: [['hide'], ['setColor', '#7c3aed']] }
      Object.defineProperty(window, 'Porthole', { value: namespace, writable: true })
    })
    await page.goto(e2e.demo.siteUrl)
    await page.locator('porthole-widget .ph-launcher').waitFor({ state: 'attached' })
    await launcher(page).waitFor({ state: 'hidden' })
    await expect
      .poll(() =>
        page
          .locator('porthole-widget .ph-launcher')
          .evaluate((element) => getComputedStyle(element).backgroundColor),
      )
      .toBe('rgb(124, 58, 237)')
    await context.close()
  }, 30_000)

  it('setColor() and setLanguage(): at once, the chat staying open', async () => {
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await call(page, 'setColor', '#b91c1c')
    expect(
      await launcher(page).evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(185, 28, 28)')
    await openChat(page)
    await call(page, 'setLanguage', 'ru')
    await page.getByRole('dialog').waitFor()
    await page.locator('porthole-widget .ph-launcher[aria-label^="Закрыть чат"]').waitFor()
    // The colour set before stays with the widget mounted in Russian.
    expect(
      await launcher(page).evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(185, 28, 28)')
    expect(await page.locator('porthole-widget').count()).toBe(1)
    await expect(call(page, 'setColor', 'red')).rejects.toThrow(/hex colour/)
    await context.close()
  }, 30_000)

  it('agentJoined fires once per agent, on their first message; setAttributes reaches the agent', async () => {
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    await page.evaluate(() => {
      const joined: unknown[] = []
      Object.defineProperty(window, '__joined', { value: joined })
      ;(window as unknown as { Porthole: Api }).Porthole.on?.('agentJoined', (event: unknown) =>
        joined.push(event),
      )
    })
    await call(page, 'setAttributes', { name: 'Jane Doe', plan: 'pro', seats: 3 })
    await openChat(page)
    await say(page, 'agent please, about my order')
    const agent = agentConsole(e2e.demo.consoleUrl.replace(/\/$/, ''))
    const chat = await agent.chatWith('agent please, about my order')
    // The custom attributes ride in the page address the agent sees.
    const url = new URL(String(chat.customer?.url ?? ''))
    expect(url.searchParams.get('ph.plan')).toBe('pro')
    expect(url.searchParams.get('ph.seats')).toBe('3')
    expect(chat.customer?.name).toBe('Jane Doe')
    await agent.join(chat.id, 'Anna')
    await agent.send(chat.id, 'Anna', { type: 'text', text: 'Hi Jane, Anna here.' })
    await agent.send(chat.id, 'Anna', { type: 'text', text: 'Which order is it?' })
    await bubble(page, 'Which order is it?').waitFor()
    // Each agent once, by name: the demo's bot provider (it writes as an agent), then Anna.
    expect(
      await page.evaluate(() => (window as unknown as { __joined: unknown[] }).__joined),
    ).toEqual([{ name: 'Northwind bot' }, { name: 'Anna' }])
    await context.close()
  }, 60_000)

  it('shutdown() ends the session on this device; boot() starts as a new visitor', async () => {
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await openChat(page)
    await say(page, 'remember me?')
    await bubble(page, 'remember me?').waitFor()
    await call(page, 'shutdown')
    expect(await page.locator('porthole-widget').count()).toBe(0)
    await call(page, 'boot')
    await launcher(page).waitFor()
    await openChat(page)
    // Nothing of the previous visitor: a new conversation.
    await page.waitForTimeout(500)
    expect(await bubble(page, 'remember me?').count()).toBe(0)
    await page.reload()
    await openChat(page)
    await page.waitForTimeout(500)
    expect(await bubble(page, 'remember me?').count()).toBe(0)
    await context.close()
  }, 60_000)
})
