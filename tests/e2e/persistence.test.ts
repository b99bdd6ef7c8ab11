import { expect, it } from 'vitest'
import { agentConsole, textOf, waitFor } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, launcher, messageLog, openChat, say, visit } from '../support/widget-page'
import { askAgent, visitWithChatOpen } from './support/visitor'

describeInBrowser('nothing is lost: reloads, a backend restart, closed pages, several tabs', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  it('keeps the conversation across a reload', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const chat = await askAgent(agent, page, 'Reload test: do you have the tent in green?')
    await agent.send(chat.id, 'Anna', createText('Yes, green and sand.'))
    await bubble(page, 'Yes, green and sand.').waitFor()

    await page.reload()
    await bubble(page, 'Reload test: do you have the tent in green?').waitFor()
    await bubble(page, 'Yes, green and sand.').waitFor()
    expect(await bubble(page, 'Yes, green and sand.').count()).toBe(1)
    await context.close()
  })

  it('delivers a message typed while the backend was down once it is back', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    await askAgent(agent, page, 'Before the outage')

    await e2e.demo.stopBackend()
    await say(page, 'Typed while the backend was down')
    await bubble(page, 'Typed while the backend was down').waitFor()
    const chats = await agent.chats()
    expect(
      chats.some((chat) =>
        chat.entries.some((e) => textOf(e) === 'Typed while the backend was down'),
      ),
    ).toBe(false)

    await e2e.demo.startBackend()
    const chat = await waitFor(
      'the message typed during the outage to reach the agent',
      async () => await agent.chatWith('Typed while the backend was down').catch(() => undefined),
      45_000,
    )
    // Exactly once, after the earlier message.
    const texts = chat.entries.filter((entry) => entry.author === 'customer').map(textOf)
    expect(texts.filter((text) => text === 'Typed while the backend was down')).toHaveLength(1)
    expect(texts.indexOf('Before the outage')).toBeLessThan(
      texts.indexOf('Typed while the backend was down'),
    )
    await expect
      .poll(
        () =>
          messageLog(page)
            .locator('.ph-msg', { hasText: 'Typed while the backend was down' })
            .textContent(),
        {
          timeout: 30_000,
        },
      )
      .not.toMatch(/Sending|Not sent/)

    // The live stream came back too: an agent reply arrives without a reload.
    await agent.send(chat.id, 'Anna', createText('Got it after the restart.'))
    await bubble(page, 'Got it after the restart.').waitFor({ timeout: 45_000 })
    await context.close()
  })

  it('shows an agent reply sent while the page was closed when the visitor returns', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const chat = await askAgent(agent, page, 'Please email me the invoice')
    await page.close()

    expect(await agent.send(chat.id, 'Anna', createText('Sent it to you a minute ago.'))).toBe(
      'delivered',
    )
    const back = await visit(context, e2e.demo.siteUrl)
    await openChat(back)
    await bubble(back, 'Please email me the invoice').waitFor()
    await bubble(back, 'Sent it to you a minute ago.').waitFor()
    await context.close()
  })

  it('keeps two tabs of one visitor in sync', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context, page: first } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const chat = await askAgent(agent, first, 'Hello from the first tab')

    const second = await visit(context, `${e2e.demo.siteUrl}?tab=2`)
    await openChat(second)
    await bubble(second, 'Hello from the first tab').waitFor()

    await say(second, 'And this from the second tab')
    await bubble(first, 'And this from the second tab').waitFor()
    await agent.send(chat.id, 'Anna', createText('I see both of your tabs.'))
    await bubble(first, 'I see both of your tabs.').waitFor()
    await bubble(second, 'I see both of your tabs.').waitFor()
    // Each message once in each tab, and one chat for one visitor.
    for (const page of [first, second]) {
      expect(await bubble(page, 'And this from the second tab').count()).toBe(1)
      expect(await bubble(page, 'I see both of your tabs.').count()).toBe(1)
    }
    const customer = await agent.chatWith('And this from the second tab')
    expect(customer.id).toBe(chat.id)
    expect(await launcher(first).isVisible()).toBe(true)
    await context.close()
  })
})
