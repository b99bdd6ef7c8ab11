// @vitest-environment node
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ensureWidgetBuild } from '../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../kit/chromium'
import { type FakeBackendServer, startFakeBackend } from '../../kit/fake-backend'

// The built widget in real Chromium, on a host page with a strict CSP and hostile CSS.
describeInBrowser('the widget in Chromium', () => {
  let browser: Browser
  let backend: FakeBackendServer
  const problems: string[] = []

  beforeAll(async () => {
    await ensureWidgetBuild()
    backend = await startFakeBackend({ data: 'data-title="Acme help" data-color="#0f9d58"' })
    browser = await launchBrowser()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await backend?.close()
  })

  async function openPage(context: Pick<BrowserContext, 'newPage'>): Promise<Page> {
    const page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(String(error)))
    await page.goto(`${backend.origin}/`)
    return page
  }

  it('loads under a strict CSP, survives hostile host CSS, and chats', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(String(error)))
    await page.goto(`${backend.origin}/`)
    const launcher = page.getByRole('button', { name: /open chat/i })
    await launcher.waitFor()
    const box = await launcher.boundingBox()
    expect(box?.width).toBe(60)
    expect(
      await page.evaluate(
        () => typeof (window as { Porthole?: { open?: unknown } }).Porthole?.open,
      ),
    ).toBe('function')

    await launcher.click()
    const dialog = page.getByRole('dialog', { name: 'Acme help' })
    await dialog.waitFor()
    const input = page.getByRole('textbox', { name: 'Message' })
    expect(await input.evaluate((element) => getComputedStyle(element).fontSize)).toBe('16px')
    await input.fill('Do you ship to Norway?')
    await input.press('Enter')
    await page.getByText('Sent').waitFor()
    expect(backend.messages[0]).toMatchObject({
      text: 'Do you ship to Norway?',
      url: `${backend.origin}/`,
    })

    backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text: 'Yes, in 3 to 5 days.' },
    })
    await page.getByText('Yes, in 3 to 5 days.').waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows the same conversation after a reload and replays what arrived meanwhile', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${backend.origin}/`)
    await page.getByRole('button', { name: /open chat/i }).click()
    await page.getByRole('textbox', { name: 'Message' }).fill('Before reload')
    await page.getByRole('textbox', { name: 'Message' }).press('Enter')
    // Closed at once after Enter: the message is stored (or sent) all the same.
    await page.close()
    backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text: 'Answered while you were away' },
    })
    const again = await openPage(context)
    await again.getByText('Answered while you were away').waitFor()
    // The visitor's own message comes back too (from the stored conversation or the
    // replay, in either order: CI once counted it before it was drawn), and once.
    await again.getByText('Before reload').waitFor()
    expect(await again.getByText('Before reload').count()).toBe(1)
    await context.close()
  })

  it('has no axe accessibility violations with the chat open', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${backend.origin}/`)
    await page.getByRole('button', { name: /open chat/i }).click()
    await page.getByRole('dialog').waitFor()
    // The conversation starts with the visitor's first key (before it, nothing can arrive).
    await page.getByRole('textbox', { name: 'Message' }).press('Shift')
    backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: {
        type: 'document',
        file: `${backend.origin}/media/a.pdf`,
        file_name: 'a.pdf',
        file_size: 2048,
      },
    })
    await page.getByText('a.pdf').waitFor()
    // Evaluated through the DevTools protocol, so the page's CSP does not block it.
    await page.evaluate(
      readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8'),
    )
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: unknown,
              options: unknown,
            ): Promise<{ violations: { id: string; nodes: unknown[] }[] }>
          }
        }
      ).axe
      const result = await axe.run(
        { include: [['porthole-widget']] },
        { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
      )
      return result.violations.map(
        (violation) =>
          `${violation.id} (${violation.nodes.length}) ${JSON.stringify(violation.nodes.map((node) => [(node as { target: unknown }).target, (node as { any: { message: string }[] }).any[0]?.message]))}`,
      )
    })
    expect(violations).toEqual([])
    await context.close()
  })

  it('closes on Escape with focus back on the launcher', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${backend.origin}/`)
    const launcher = page.getByRole('button', { name: /open chat/i })
    await launcher.click()
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(
      await launcher.evaluate(
        (element) =>
          element.getRootNode() instanceof ShadowRoot &&
          (element.getRootNode() as ShadowRoot).activeElement === element,
      ),
    ).toBe(true)
    await context.close()
  })
})
