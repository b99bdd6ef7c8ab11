// @vitest-environment node
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import { widgetViolations } from '../support/animations'
import { pageProblems, useWidgetInBrowser } from './support/browser-rig'

// The built widget in real Chromium, on a host page with a strict CSP and hostile CSS.
describeInBrowser('the widget in Chromium', () => {
  const rig = useWidgetInBrowser({ data: 'data-title="Acme help" data-color="#0f9d58"' })
  it('loads under a strict CSP, survives hostile host CSS, and chats', async () => {
    const context = await rig.browser.newContext()
    const page = await context.newPage()
    const problems = pageProblems(page)
    await page.goto(`${rig.backend.origin}/`)
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
    expect(rig.backend.messages[0]).toMatchObject({
      text: 'Do you ship to Norway?',
      url: `${rig.backend.origin}/`,
    })

    rig.backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text: 'Yes, in 3 to 5 days.' },
    })
    await page.getByText('Yes, in 3 to 5 days.').waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  it('shows the same conversation after a reload and replays what arrived meanwhile', async () => {
    const { context, page } = await rig.visit({ open: true })
    await page.getByRole('textbox', { name: 'Message' }).fill('Before reload')
    await page.getByRole('textbox', { name: 'Message' }).press('Enter')
    // Closed at once after Enter: the message is stored (or sent) all the same.
    await page.close()
    rig.backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text: 'Answered while you were away' },
    })
    const again = await context.newPage()
    const problems = pageProblems(again, ['error', 'warning'])
    await again.goto(`${rig.backend.origin}/`)
    await again.getByText('Answered while you were away').waitFor()
    // The visitor's own message comes back too (from the stored conversation or the
    // replay, in either order: CI once counted it before it was drawn), and once.
    await again.getByText('Before reload').waitFor()
    expect(await again.getByText('Before reload').count()).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })

  it('has no axe accessibility violations with the chat open', async () => {
    const { context, page } = await rig.visit({ open: true })
    await page.getByRole('dialog').waitFor()
    // The conversation starts with the visitor's first key (before it, nothing can arrive).
    await page.getByRole('textbox', { name: 'Message' }).press('Shift')
    rig.backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: {
        type: 'document',
        file: `${rig.backend.origin}/media/a.pdf`,
        file_name: 'a.pdf',
        file_size: 2048,
      },
    })
    await page.getByText('a.pdf').waitFor()
    const violations = await widgetViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21aa'] })
    expect(violations).toEqual([])
    await context.close()
  })

  it('closes on Escape with focus back on the launcher', async () => {
    const { context, page } = await rig.visit()
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
