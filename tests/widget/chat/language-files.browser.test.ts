// @vitest-environment node
import { expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { pageProblems, useWidgetInBrowser } from '../support/browser-rig'

// The visitor's language file, loaded by the built loader before engagement.
describeInBrowser('the chat in the visitor language, in Chromium', () => {
  const rig = useWidgetInBrowser({ data: 'data-lang="ru"' })

  it('a Russian visitor gets the Russian strings: fetched once, before engagement, the chat at the open', async () => {
    const context = await rig.browser.newContext()
    const page = await context.newPage()
    const problems = pageProblems(page)
    const requests: string[] = []
    page.on('request', (request) => {
      const file = request.url().match(/assets\/([\w.-]+\.js)$/)?.[1]
      if (file) requests.push(file)
    })
    await page.goto(`${rig.backend.origin}/`)
    await page.getByRole('button', { name: 'Открыть чат' }).waitFor()
    // Before engagement: the loader and the Russian file, not the chat.
    const russian = requests.filter((file) => /^chat-[\w-]+\.jsru\.js$/.test(file))
    expect(russian).toHaveLength(1)
    expect(requests.some((file) => /^chat-[\w-]+\.js$/.test(file))).toBe(false)
    await page.getByRole('button', { name: 'Открыть чат' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Закрыть чат' }).waitFor()
    const chat = requests.find((file) => /^chat-[\w-]+\.js$/.test(file))
    expect(russian[0]).toBe(`${chat}ru.js`)
    // The chat imports the same file: the browser's module map answers, no second request.
    expect(requests.filter((file) => file === russian[0])).toHaveLength(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
