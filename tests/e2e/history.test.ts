import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { REAL_WORK_TIMEOUT_MS } from '../support/timeouts'
import { bubble, messageLog, openChat, visit, waitOnline } from '../support/widget-page'
import { askAgent, identify } from './support/visitor'

// A long conversation of a logged-in customer: 400 agent replies in a row into the open
// chat, then a reload and a second device. The newest messages show at once, every
// earlier one is reachable by scrolling up, and nothing old counts as unread.

const IDENTITY_SECRET = 'e2e-identity-secret-0123456789abcdef'
const BURST = 400
const WINDOW = 200

/** The texts of the bubbles in the list, top to bottom. */
function texts(page: Page): Promise<string[]> {
  return messageLog(page)
    .locator('.ph-bubble')
    .evaluateAll((bubbles) => bubbles.map((element) => element.textContent ?? ''))
}

/** Scrolls to the top until `text` is in the list, as a customer would. */
async function scrollUpTo(page: Page, text: string): Promise<number> {
  let scrolls = 0
  while ((await bubble(page, text).count()) === 0) {
    if (++scrolls > 40) throw new Error(`"${text}" never came into the list`)
    await messageLog(page).evaluate((log) => {
      log.scrollTop = 0
    })
    await page.waitForTimeout(250)
  }
  return scrolls
}

/** The widget's stored conversation record (IndexedDB) in this page's origin. */
function storedRecord(page: Page): Promise<{ ids?: string[]; readUpTo?: string } | undefined> {
  return page.evaluate(
    () =>
      new Promise<{ ids?: string[]; readUpTo?: string } | undefined>((resolve, reject) => {
        const request = indexedDB.open(`porthole:${location.host}`)
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('state')) return resolve(undefined)
          const get = db.transaction('state').objectStore('state').get('conversation')
          get.onsuccess = () => resolve(get.result)
          get.onerror = () => reject(get.error)
        }
      }),
  )
}

/** How many entries the widget has stored (the replay arrived). */
async function storedIds(page: Page): Promise<number> {
  return (await storedRecord(page))?.ids?.length ?? 0
}

const burstTexts = Array.from({ length: BURST }, (_, index) => `Burst reply ${index + 1}`)

describeInBrowser('a long conversation: 400 replies, a reload, a second device', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', env: { IDENTITY_SECRET } })

  it('shows the newest at once after a burst and a reload, the rest by scrolling; a second device counts nothing old as unread', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const first = await newVisitor(e2e.browser)
    const page = await visit(first, e2e.demo.siteUrl)
    await waitOnline(page)
    await identify(page, IDENTITY_SECRET, 'customer-42')
    await openChat(page)
    const chat = await askAgent(agent, page, 'Long history test: hello')

    // 400 agent replies in a row into the open chat.
    for (const text of burstTexts)
      expect(await agent.send(chat.id, 'Anna', createText(text))).toBe('delivered')
    await bubble(page, burstTexts.at(-1) as string).waitFor({ timeout: 30_000 })
    // The open list keeps the window, not all 400.
    expect((await texts(page)).length).toBeLessThanOrEqual(WINDOW + 2)
    // The chat was open and seen: the backend's read marker (its answer) reaches the newest entry.
    await expect
      .poll(async () => {
        const record = await storedRecord(page)
        return record?.readUpTo !== undefined && record.readUpTo === record.ids?.at(-1)
      })
      .toBe(true)

    await page.reload()
    await bubble(page, burstTexts.at(-1) as string).waitFor({ timeout: REAL_WORK_TIMEOUT_MS })
    const atOnce = await texts(page)
    expect(atOnce.at(-1)).toBe(burstTexts.at(-1))
    expect(atOnce.length).toBeLessThanOrEqual(WINDOW + 2)
    await scrollUpTo(page, 'Long history test: hello')
    const all = (await texts(page)).filter((text) => text.startsWith('Burst reply'))
    expect(all).toEqual(burstTexts)

    // A second device of the same customer: a new browser with nothing stored.
    const second = await newVisitor(e2e.browser)
    const other = await visit(second, e2e.demo.siteUrl)
    await other.evaluate(() => {
      const seen: unknown[] = []
      Object.defineProperty(window, '__messages', { value: seen })
      ;(
        window as unknown as {
          Porthole: { on(name: string, listener: (entry: unknown) => void): void }
        }
      ).Porthole.on('message', (entry) => seen.push(entry))
    })
    await identify(other, IDENTITY_SECRET, 'customer-42')
    await expect.poll(() => storedIds(other), { timeout: 15_000 }).toBe(WINDOW)
    await other.waitForTimeout(500)
    expect(
      await other.evaluate(() =>
        (window as unknown as { Porthole: { getUnreadCount(): number } }).Porthole.getUnreadCount(),
      ),
    ).toBe(0)
    expect(
      await other.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages),
    ).toEqual([])
    expect(await other.locator('porthole-widget .ph-badge').isHidden()).toBe(true)

    await openChat(other)
    await bubble(other, burstTexts.at(-1) as string).waitFor({ timeout: REAL_WORK_TIMEOUT_MS })
    await scrollUpTo(other, 'Long history test: hello')
    expect((await texts(other)).filter((text) => text.startsWith('Burst reply'))).toEqual(
      burstTexts,
    )

    // A live reply reaches both devices once.
    await agent.send(chat.id, 'Anna', createText('One more thing'))
    await bubble(page, 'One more thing').waitFor()
    await bubble(other, 'One more thing').waitFor()
    expect(await bubble(other, 'One more thing').count()).toBe(1)
    await first.close()
    await second.close()
  }, 120_000)
})
