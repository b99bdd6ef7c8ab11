import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { agentConsole, waitFor } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { REAL_WORK_TIMEOUT_MS } from '../support/timeouts'
import {
  bubble,
  composer,
  messageLog,
  openChat,
  say,
  visit,
  waitOnline,
} from '../support/widget-page'
import { agentOnlineAndVisitor, askAgent, identify } from './support/visitor'

// Issue 17, the conversation as a customer lives it: one contact profile (defect 2), the
// greeting by state (3), the connection in the header (6), a conversation that ends,
// and delivery marks across tabs and devices.

const IDENTITY_SECRET = 'e2e-identity-secret-conversation-states'

/** The header's status line, without the agent's name before it. */
const status = async (page: Page) =>
  ((await page.locator('porthole-widget .ph-subtitle').textContent()) ?? '').split(' · ').at(-1)

/** Records every delivery mark the message with `text` shows, in order (a MutationObserver). */
async function recordMarks(page: Page, text: string): Promise<void> {
  await page.evaluate((text) => {
    const seen: string[] = []
    Object.defineProperty(window, '__marks', { value: seen })
    const root = document.querySelector('porthole-widget')?.shadowRoot
    if (!root) throw new Error('no widget')
    const note = () => {
      for (const message of root.querySelectorAll('.ph-msg')) {
        if (message.querySelector('.ph-bubble')?.textContent !== text) continue
        const mark = message.querySelector('.ph-status')?.textContent ?? ''
        if (mark && seen.at(-1) !== mark) seen.push(mark)
      }
    }
    new MutationObserver(note).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
    })
    note()
  }, text)
}
const marks = (page: Page) =>
  page.evaluate(() => [...((window as unknown as { __marks?: string[] }).__marks ?? [])])

describeInBrowser('the conversation as a customer lives it', () => {
  const e2e = useBrowserDemo({ env: { IDENTITY_SECRET } })

  it('one contact profile: the e-mail the bot collected is never asked again and reaches the agent’s card', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    await agent.setOnline('Anna', true)
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await page.evaluate(() => {
      const w = window as unknown as {
        __ended: unknown[]
        Porthole: { on(n: string, f: (p: unknown) => void): void }
      }
      w.__ended = []
      w.Porthole.on('conversationEnded', (payload) => w.__ended.push(payload))
    })
    await waitOnline(page)
    await openChat(page)
    // Online: the site's greeting, on the home screen (issue 35), then atop the conversation.
    const greeting = 'Hi! Ask us about orders, shipping or gear. A person is never far away.'
    await page.locator('porthole-widget .ph-home-greeting').getByText(greeting).waitFor()
    await say(page, 'What are your opening hours?')
    await bubble(page, greeting).waitFor()
    const chat = await agent.chatWith('What are your opening hours?')
    await bubble(
      page,
      'Our shop and support are open Monday to Friday, 9:00 to 18:00, and Saturday 10:00 to 16:00.',
    ).waitFor()
    // One greeting: the bot, which sends its own before its first answer, does not greet a
    // visitor the site's greeting welcomed (issue 24, defect 4).
    expect(await page.getByText('I am the Northwind bot', { exact: false }).count()).toBe(0)

    // Nobody online any more: the bot's AGENT_UNAVAILABLE flow asks for contact details.
    await agent.setOnline('Anna', false)
    await expect
      .poll(() => page.locator('porthole-widget .ph-launcher').getAttribute('aria-label'), {
        timeout: 20_000,
      })
      .toContain('Leave a message')
    await say(page, 'I want to talk to a person')
    await bubble(
      page,
      'No agent is online right now. Leave your email or phone number and we will get back to you.',
    ).waitFor()
    await say(page, 'Sure: ann.lee@example.com')
    await bubble(page, 'Thank you! We will contact you at ann.lee@example.com.').waitFor()

    // The agent closes the chat: the widget shows the end, the page hears of it.
    await e2e.demo.sandbox.service.closeChat(chat.id)
    await page.getByText('This conversation has ended').waitFor()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __ended: unknown[] }).__ended))
      .toEqual([{ reason: 'closed' }])
    // Offline now: the site greeting never shows beside it; the offline text does.
    await page
      .getByText('Our team is away right now. Leave a message and we will answer here.')
      .waitFor()
    expect(await page.getByText('A person is never far away', { exact: false }).count()).toBe(0)

    // A new conversation while nobody is online: the form does not ask for the known e-mail.
    await composer(page).waitFor()
    expect(await page.locator('porthole-widget input[type=email]').count()).toBe(0)
    const next = await askAgent(agent, page, 'Are you back yet?')
    expect(next.id).not.toBe(chat.id)
    expect(next.customer.email).toBe('ann.lee@example.com')
    // The new one starts below the end, after the separator.
    const texts = await messageLog(page)
      .locator(':scope > *')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''))
    const end = texts.findIndex((text) => text.includes('This conversation has ended'))
    expect(texts.findIndex((text) => text.includes('Are you back yet?'))).toBeGreaterThan(end)
    await context.close()
  })

  it('the header tells a lost connection (browser offline, backend down) after 2 s, never "Online" meanwhile', async () => {
    const { agent, context, page } = await agentOnlineAndVisitor(e2e, 'Boris')
    // Online: "Online", or the team's usual reply time that stands for it (issue 35's header).
    const ONLINE = /^(Online|Usually replies in a few minutes)$/
    await expect.poll(() => status(page)).toMatch(ONLINE)

    await context.setOffline(true)
    await expect.poll(() => status(page), { timeout: REAL_WORK_TIMEOUT_MS }).toBe('Offline')
    await page
      .locator('porthole-widget .ph-notice')
      .getByText('Offline — messages will be sent when you are back')
      .waitFor()
    // A message written meanwhile waits in the outbox.
    await say(page, 'Written while offline')
    await bubble(page, 'Written while offline').waitFor()
    await context.setOffline(false)
    await expect.poll(() => status(page), { timeout: 20_000 }).toMatch(ONLINE)
    await agent.chatWith('Written while offline')

    await e2e.demo.stopBackend()
    try {
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('Connecting…')
    } finally {
      await e2e.demo.startBackend()
    }
    await expect.poll(() => status(page), { timeout: 40_000 }).toMatch(ONLINE)
    await context.close()
  })

  it('delivery marks: Sending…, Delayed — will be sent, Sent, the same in two tabs and on a second device opened during the outage, never "Seen"', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    await agent.setOnline('Anna', true)
    const laptop = await newVisitor(e2e.browser)
    const phone = await newVisitor(e2e.browser, { viewport: { width: 390, height: 844 } })
    const tab1 = await visit(laptop, e2e.demo.siteUrl)
    const tab2 = await visit(laptop, e2e.demo.siteUrl)
    for (const page of [tab1, tab2]) {
      await identify(page, IDENTITY_SECRET, 'delivery-marks-1')
      await waitOnline(page)
      await openChat(page)
      await recordMarks(page, 'Sent during an outage')
    }
    await askAgent(agent, tab1, 'Hello from the laptop')
    for (const page of [tab1, tab2])
      await bubble(page, 'Hello from the laptop').waitFor({ timeout: 20_000 })

    // The service fails (5xx) for a while: pending, then delayed, never "Sent" meanwhile.
    const service = e2e.demo.sandbox.service
    const receive = service.receiveCustomerMessage
    service.receiveCustomerMessage = () => {
      throw new Error('the service is down')
    }
    let other: Page
    try {
      await say(tab1, 'Sent during an outage')
      for (const page of [tab1, tab2]) {
        await bubble(page, 'Sent during an outage').waitFor({ timeout: 20_000 })
        await page
          .locator('porthole-widget .ph-status', { hasText: 'Delayed — will be sent' })
          .waitFor({ timeout: 20_000 })
      }
      // The second device connects in the middle of the outage: its stream replays the
      // message and then tells it is still delayed (marks recorded from before it renders).
      other = await visit(phone, e2e.demo.siteUrl)
      await recordMarks(other, 'Sent during an outage')
      await identify(other, IDENTITY_SECRET, 'delivery-marks-1')
      await waitOnline(other)
      await openChat(other)
      await bubble(other, 'Hello from the laptop').waitFor({ timeout: 20_000 })
      await bubble(other, 'Sent during an outage').waitFor({ timeout: 20_000 })
      await other
        .locator('porthole-widget .ph-status', { hasText: 'Delayed — will be sent' })
        .waitFor({ timeout: 20_000 })
      // Still down a while later: still delayed there, never a "Sent" meanwhile.
      await other.waitForTimeout(1500)
      expect((await marks(other)).map((mark) => mark.replace(' Send now', ''))).toEqual([
        'Delayed — will be sent',
      ])
    } finally {
      service.receiveCustomerMessage = receive
    }
    // Back: "Send now" in one tab (unless the outbox's own retry, due any moment, took it
    // through first and the button is gone); every tab and device shows it sent.
    await tab1
      .getByRole('button', { name: 'Send now' })
      .click({ timeout: 5000 })
      .catch(() => undefined)
    await agent.chatWith('Sent during an outage')
    for (const page of [tab1, tab2, other]) {
      await waitFor('"Sent" under the message sent during the outage', async () => {
        const last = await page.locator('porthole-widget .ph-status').last().textContent()
        return last === 'Sent' ? last : undefined
      })
      // Never shown as sent before the service took it; never a "Seen".
      const seen = (await marks(page)).map((mark) => mark.replace(' Send now', ''))
      expect(seen.at(-1)).toBe('Sent')
      expect(seen.indexOf('Sent')).toBe(seen.length - 1)
      expect(seen).toContain('Delayed — will be sent')
      expect(seen.some((mark) => /seen|read/i.test(mark))).toBe(false)
    }
    expect(await tab1.getByText('Sending…').count()).toBe(0)
    await laptop.close()
    await phone.close()
  })

  it('delivery marks: a device closed while a message was "Delayed — will be sent" shows it "Sent" when it comes back after the service took it', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    await agent.setOnline('Anna', true)
    const laptop = await newVisitor(e2e.browser)
    // A second device (its own browser storage) at a desktop size: its chat reopens open.
    const phone = await newVisitor(e2e.browser)
    const text = 'Sent while the phone was away'
    /** The mark under the message with `text` ('' when none shows). */
    const markOf = (page: Page) =>
      page.evaluate((text) => {
        const root = document.querySelector('porthole-widget')?.shadowRoot
        for (const message of root?.querySelectorAll('.ph-msg') ?? [])
          if (message.querySelector('.ph-bubble')?.textContent === text)
            return (message.querySelector('.ph-status')?.textContent ?? '').replace(' Send now', '')
        return undefined
      }, text)
    const open = async (context: typeof laptop) => {
      const page = await visit(context, e2e.demo.siteUrl)
      await identify(page, IDENTITY_SECRET, 'delivery-marks-2')
      await waitOnline(page)
      await openChat(page)
      return page
    }
    const desk = await open(laptop)
    let away = await open(phone)
    await askAgent(agent, desk, 'Hello before the outage')
    await bubble(away, 'Hello before the outage').waitFor({ timeout: 20_000 })

    const service = e2e.demo.sandbox.service
    const receive = service.receiveCustomerMessage
    service.receiveCustomerMessage = () => {
      throw new Error('the service is down')
    }
    try {
      await say(desk, text)
      for (const page of [desk, away])
        await expect.poll(() => markOf(page), { timeout: 20_000 }).toBe('Delayed — will be sent')
      // The phone is put away: its page closes, its storage (the delayed mark) stays.
      await away.waitForTimeout(500)
      await away.close()
    } finally {
      service.receiveCustomerMessage = receive
    }
    // The service takes it (Send now, unless the outbox's own retry got there first).
    await desk
      .getByRole('button', { name: 'Send now' })
      .click({ timeout: 5000 })
      .catch(() => undefined)
    await agent.chatWith(text)
    await expect.poll(() => markOf(desk), { timeout: 20_000 }).toBe('Sent')

    // The phone comes back: the stream open tells it the message was sent.
    away = await open(phone)
    await bubble(away, text).waitFor({ timeout: 20_000 })
    await expect.poll(() => markOf(away), { timeout: 15_000 }).toBe('Sent')
    await laptop.close()
    await phone.close()
  })
})
