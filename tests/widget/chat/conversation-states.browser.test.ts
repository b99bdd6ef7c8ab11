// @vitest-environment node
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { useWidgetInBrowser } from '../support/browser-rig'

// Issue 17's states in real Chromium, against the built widget (layout needs a browser).
describeInBrowser('conversation states in Chromium', () => {
  const rig = useWidgetInBrowser()

  async function openChat(viewport = { width: 1280, height: 800 }): Promise<Page> {
    const context = await rig.browser.newContext({ viewport })
    const page = await context.newPage()
    await page.goto(`${rig.backend.origin}/`)
    await page.getByRole('button', { name: /open chat/i }).click()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    return page
  }

  /** The element lies wholly inside the conversation's visible area (not under the composer). */
  async function fullyVisible(page: Page, selector: string): Promise<boolean> {
    return page.locator('porthole-widget').evaluate((host, selector) => {
      const root = (host as HTMLElement).shadowRoot
      const log = root?.querySelector('.ph-log')?.getBoundingClientRect()
      const items = root?.querySelectorAll(selector) ?? []
      const last = items[items.length - 1]?.getBoundingClientRect()
      if (!log || !last) return false
      return last.top >= log.top - 0.5 && last.bottom <= log.bottom + 0.5
    }, selector)
  }

  /** The widget's stored draft, read from its IndexedDB database. */
  function storedDraft(page: Page): Promise<unknown> {
    return page.evaluate(
      (name) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open(name)
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const get = open.result.transaction('state').objectStore('state').get('draft')
            get.onsuccess = () => {
              open.result.close()
              resolve(get.result)
            }
          }
        }),
      `porthole:${new URL(rig.backend.origin).host}`,
    )
  }

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 700 }],
  ] as const) {
    it(`"Not sent … Retry" of a refused message is fully visible (${name})`, async () => {
      const page = await openChat(viewport)
      const input = page.getByRole('textbox', { name: 'Message' })
      // Accepted for delivery (pending), then refused by the service.
      rig.backend.answer.delivery = 'pending'
      const before = rig.backend.messages.length
      for (let i = 1; i <= 12; i++) {
        await input.fill(`Message number ${i} about my order`)
        await input.press('Enter')
      }
      await expect.poll(() => rig.backend.messages.length).toBe(before + 12)
      // The customer scrolled up a little to reread (past the list's follow margin).
      await page.locator('porthole-widget').evaluate((host) => {
        const log = (host as HTMLElement).shadowRoot?.querySelector('.ph-log')
        if (log) log.scrollTop = log.scrollHeight - log.clientHeight - 90
      })
      const last = rig.backend.messages.at(-1)
      rig.backend.delivery(
        String(last?.id),
        'failed',
        'The service refused this message because the chat was removed from the site',
      )
      await page.getByRole('button', { name: 'Retry' }).waitFor()
      await expect.poll(() => fullyVisible(page, '.ph-retry')).toBe(true)
      await page.context().close()
    })
  }

  it('an agent going offline mid-chat keeps the composer and the draft, across a reload', async () => {
    rig.backend.status(true)
    rig.backend.answer.delivery = 'sent'
    const page = await openChat()
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill('Where is my parcel?')
    await input.press('Enter')
    await page.getByText('Sent').last().waitFor()
    rig.backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text: 'Let me look.' },
    })
    await page.getByText('Let me look.').waitFor()
    await input.pressSequentially('It was due on Monday')
    rig.backend.status(false)
    // The widget's status shows it heard (the launcher's label says so).
    await page.locator('porthole-widget .ph-launcher[aria-label*="Leave a message"]').waitFor()
    // Time for any re-render: the composer and its draft stay, no contact form.
    await page.waitForTimeout(300)
    expect(await page.getByRole('textbox', { name: 'Email' }).count()).toBe(0)
    expect(await input.inputValue()).toBe('It was due on Monday')
    // Reload: the draft is back in the composer (IndexedDB), the form is not shown.
    await expect.poll(() => storedDraft(page)).toBe('It was due on Monday')
    await page.reload()
    const again = page.getByRole('textbox', { name: 'Message' })
    await again.waitFor()
    await expect.poll(() => again.inputValue()).toBe('It was due on Monday')
    expect(await page.getByRole('textbox', { name: 'Email' }).count()).toBe(0)
    // Sent, it goes out as always, and the draft is gone for the next reload.
    await again.press('Enter')
    await expect.poll(() => rig.backend.messages.at(-1)?.text).toBe('It was due on Monday')
    // The draft's deletion has landed in IndexedDB (a reload may abort a write in flight).
    await expect.poll(() => storedDraft(page)).toBeUndefined()
    await page.reload()
    await page.getByRole('textbox', { name: 'Message' }).waitFor()
    await page.waitForTimeout(300)
    expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe('')
    rig.backend.status(true)
    await page.context().close()
  })
})
