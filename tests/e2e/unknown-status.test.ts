import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import {
  bubble,
  launcher,
  openChat,
  say,
  visit,
  waitChatFetched,
  waitOnline,
} from '../support/widget-page'

// Issue 24, defect 5, in Chromium: the backend stops; the launcher's dot does not stay
// green, and the open chat keeps its composer (unknown is not offline): a message written
// meanwhile waits and reaches the agent once the backend is back.
describeInBrowser('the launcher while the backend cannot be reached', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  it('drops the green dot and the status, keeps the composer, and recovers', async () => {
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    const dot = page.locator('porthole-widget .ph-dot')
    expect(await dot.isVisible()).toBe(true)
    await openChat(page)
    // The open chat, as the visitor has it a moment later: its window's chunks are in.
    await waitChatFetched(page)

    await e2e.demo.stopBackend()
    try {
      await expect
        .poll(() => launcher(page).getAttribute('aria-label'), { timeout: 30_000 })
        .toBe('Close chat')
      expect(await dot.isVisible()).toBe(false)
      await say(page, 'Written while the backend is down')
      await bubble(page, 'Written while the backend is down').waitFor()
      expect(await page.locator('porthole-widget .ph-offline-form').count()).toBe(0)
    } finally {
      await e2e.demo.startBackend()
    }
    await agentConsole(e2e.demo.sandbox.url).chatWith('Written while the backend is down')
    await expect
      .poll(() => launcher(page).getAttribute('aria-label'), { timeout: 30_000 })
      .toBe('Close chat. We are online')
    expect(await dot.isVisible()).toBe(true)
    await context.close()
  })
})
