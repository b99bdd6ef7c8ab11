// @vitest-environment node
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { useWidgetInBrowser } from '../support/browser-rig'

// Issue 24, defect 6: on a 390×500 phone viewport (the keyboard open) the newest message's
// time hid under the message box as it grew with a long text. The built widget in Chromium.
describeInBrowser('the chat on a short phone screen', () => {
  const rig = useWidgetInBrowser({ data: 'data-title="Acme help"' })

  it('keeps the newest message and its time in view while the message box grows', async () => {
    const { context, page } = await rig.visit({ viewport: { width: 390, height: 500 }, open: true })
    const box = page.getByRole('textbox', { name: 'Message' })
    for (const text of ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight']) {
      await box.fill(`Question ${text}`)
      await box.press('Enter')
      await page.getByText(`Question ${text}`).waitFor()
    }
    // All eight stored by the backend first: a question still on its way stays below the
    // answer (the outbox shows under the log), and once stored comes after it.
    await expect.poll(() => rig.backend.messages.length).toBe(8)
    rig.backend.agentSays({
      author: 'agent',
      name: 'Anna',
      content: { type: 'text', text: 'The newest answer' },
    })
    const newest = page.locator('porthole-widget .ph-msg').last()
    await newest.getByText('The newest answer').waitFor()
    const log = page.getByRole('log')
    // The log scrolls (the conversation is longer than it), and shows its bottom.
    expect(await log.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true)
    const before = await log.boundingBox()
    // Five lines: the box grows to its maximum height and the log shrinks.
    await box.fill('A long question\nover\nseveral\nlines\nof text')
    await expect
      .poll(async () => (await log.boundingBox())?.height)
      .toBeLessThan((before?.height ?? 0) - 40)
    // The frame the box grew in is painted with the log's bottom in view (a ResizeObserver
    // runs before the paint): measured then, not whenever something else redraws the list.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    )
    const [time, visible] = await Promise.all([
      newest.locator('.ph-meta').boundingBox(),
      log.boundingBox(),
    ])
    expect(time && visible).toBeTruthy()
    if (!time || !visible) return
    expect(time.y + time.height).toBeLessThanOrEqual(visible.y + visible.height)
    expect(time.y).toBeGreaterThanOrEqual(visible.y)
    await context.close()
  })
})
