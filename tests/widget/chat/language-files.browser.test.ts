// @vitest-environment node
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeInBrowser, launchBrowser } from '../../helpers/chromium'
import { ensureWidgetBuild } from '../fixtures/built-widget'
import { type FakeBackendServer, startFakeBackend } from '../fixtures/fake-backend'

// The visitor's language file, loaded by the built loader beside the chat chunk.
describeInBrowser('the chat in the visitor language, in Chromium', () => {
  let browser: Browser
  let backend: FakeBackendServer

  beforeAll(async () => {
    await ensureWidgetBuild()
    backend = await startFakeBackend({ data: 'data-lang="ru"' })
    browser = await launchBrowser()
  }, 180_000)
  afterAll(async () => {
    await browser?.close()
    await backend?.close()
  })

  it('a Russian visitor gets the Russian strings, fetched beside the chat chunk, not after it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(String(error)))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    // Each chunk request, and whether the chat chunk had been received when it was made.
    const requests: { file: string; chatDone: boolean }[] = []
    let chatDone = false
    page.on('request', (request) => {
      const file = request.url().match(/assets\/([\w.-]+\.js)$/)?.[1]
      if (file) requests.push({ file, chatDone })
    })
    page.on('requestfinished', (request) => {
      if (/assets\/chat-[\w-]+\.js$/.test(request.url())) chatDone = true
    })
    await page.goto(`${backend.origin}/`)
    await page.getByRole('button', { name: /открыть чат|open chat/i }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Закрыть чат' }).waitFor()
    const chat = requests.find(({ file }) => /^chat-[\w-]+\.js$/.test(file))
    const russian = requests.find(({ file }) => /^chat-[\w-]+\.jsru\.js$/.test(file))
    expect(chat && russian?.file).toBe(`${chat?.file}ru.js`)
    // Asked for by the loader together with the chat, not by the chat once it arrived.
    expect(russian?.chatDone).toBe(false)
    expect(requests.some(({ file }) => file.endsWith('.jsen.js'))).toBe(false)
    expect(problems).toEqual([])
    await context.close()
  })
})
