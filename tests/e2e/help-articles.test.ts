import { expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, messageLog, say } from '../support/widget-page'
import { visitWithChatOpen } from './support/visitor'

// Issue 34, the whole loop on the real backend: the demo's articles (demo/articles/,
// seeded into the store at start) found by the real search, suggested while the visitor
// types, read in the chat, voted on, answered by the bot, and counted in the studio's
// numbers. Nothing here is faked: the built widget, the backend, the sandbox.

const ADMIN_TOKEN = 'e2e-help-articles-admin-token-0123456789'

describeInBrowser('help articles end to end (demo)', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', env: { ADMIN_TOKEN } })
  const backend = () => e2e.demo.studioUrl.replace(/\/admin$/, '')
  const stats = async () =>
    (
      await fetch(`${backend()}/admin/api/help/stats`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      })
    ).json()

  it('suggests the article while the visitor types, opens it in the chat and counts "Yes"', async () => {
    const before = await stats()
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    await page
      .getByRole('textbox', { name: 'Message' })
      .pressSequentially('how do I return an item I bought', {
        delay: 20,
      })
    const suggestion = page.getByRole('button', { name: /How do I return an item\?/ })
    await suggestion.waitFor()
    await suggestion.click()
    await page.getByRole('heading', { name: 'How do I return an item?' }).waitFor()
    await page.getByRole('button', { name: 'Yes' }).click()
    await expect
      .poll(async () => {
        const now = await stats()
        return [
          now.suggestionsShown - before.suggestionsShown,
          now.articlesOpened - before.articlesOpened,
          now.helpful - before.helpful,
        ]
      })
      .toEqual([1, 1, 1])
    await context.close()
  })

  it('the bot answers from the stored articles, in the visitor’s language', async () => {
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    // No rule of the demo's takes it (its Russian rules are about delivery and prices).
    await say(page, 'Когда мне вернут деньги?')
    await messageLog(page)
      .locator('strong', { hasText: 'Когда вернут деньги за возврат?' })
      .waitFor()
    const link = messageLog(page).getByRole('link').last()
    expect(await link.getAttribute('href')).toBe(`${backend()}/help/refunds-ru`)
    await bubble(page, 'Это ответ на ваш вопрос?').waitFor()
    await context.close()
  })

  it('serves the same articles as public pages', async () => {
    const page = await (await fetch(`${backend()}/help/shipping-times`)).text()
    expect(page).toContain('How long does delivery take?')
    expect(page).toMatch(/<html[^>]* lang="en"/)
  })
})
