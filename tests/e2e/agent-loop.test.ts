import { expect, it } from 'vitest'
import { textOf } from '../../kit/agent-console'
import { createDocument, createPhoto, createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, chatWindow, messageLog, openChat, say, waitOnline } from '../support/widget-page'
import { agentOnlineAndVisitor, askAgent, visitWhileNobodyOnline } from './support/visitor'

describeInBrowser('the whole loop: widget -> backend -> service -> agent -> widget', () => {
  const e2e = useBrowserDemo()

  it('goes online with an agent, delivers the visitor message and shows the agent reply, photo, document and typing', async () => {
    // Nobody is online when the demo starts.
    const { agent, context, page } = await visitWhileNobodyOnline(e2e)

    await agent.setOnline('Anna', true)
    await waitOnline(page)
    await openChat(page)
    await expect
      .poll(() => chatWindow(page).getAttribute('aria-label'))
      .toBe('Northwind Outfitters')

    const chat = await askAgent(agent, page, 'Hi! Where is my order 1042?')
    expect(chat.customer.url).toBe(e2e.demo.siteUrl)
    await expect.poll(() => bubble(page, 'Hi! Where is my order 1042?').isVisible()).toBe(true)

    expect(
      await agent.send(chat.id, 'Anna', createText('It left our warehouse this morning.')),
    ).toBe('delivered')
    await bubble(page, 'It left our warehouse this morning.').waitFor()

    // The agent starts typing: the widget shows it. Typing is never stored, so it is sent
    // once the reply above proved the widget's live stream open (on a busy machine a new
    // visitor's stream may still be opening when the first message is echoed).
    expect(await agent.send(chat.id, 'Anna', { type: 'typein' })).toBe('delivered')
    await messageLog(page).getByText('Anna is typing…').waitFor()
    expect(await agent.send(chat.id, 'Anna', createText('The tracking link follows.'))).toBe(
      'delivered',
    )
    await bubble(page, 'The tracking link follows.').waitFor()
    await messageLog(page).getByText('Anna is typing…').waitFor({ state: 'detached' })
    await expect
      .poll(() => messageLog(page).locator('.ph-author', { hasText: 'Anna' }).count())
      .toBeGreaterThan(0)

    expect(await agent.send(chat.id, 'Anna', createPhoto(e2e.demo.siteUrl))).toBe('delivered')
    const photo = messageLog(page).getByRole('img', { name: 'The lake by the campsite' })
    await photo.waitFor()
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(640)

    expect(await agent.send(chat.id, 'Anna', createDocument(e2e.demo.siteUrl))).toBe('delivered')
    const link = messageLog(page).getByRole('link', { name: /price-list\.pdf/ })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(
      new URL('/media/price-list.pdf', e2e.demo.siteUrl).href,
    )

    // Everything the agent sent was acknowledged by the backend.
    const final = await agent.waitForChat(
      chat.id,
      'four delivered agent messages',
      (current) =>
        current.entries.filter(
          (entry) => entry.author === 'agent' && entry.delivery?.status === 'delivered',
        ).length === 4,
    )
    expect(final.entries.filter((entry) => entry.author === 'customer').map(textOf)).toEqual([
      'Hi! Where is my order 1042?',
    ])
    await context.close()
  })

  it('shows the visitor typing to the agent', async () => {
    const { agent, context, page } = await agentOnlineAndVisitor(e2e)
    const chat = await askAgent(agent, page, 'Quick question about sizes')
    await agent.send(chat.id, 'Anna', createText('Sure, go ahead.'))
    await bubble(page, 'Sure, go ahead.').waitFor()

    // A person types for a while: the widget sends at most one typein per 3 s, so keep at
    // it for longer than that, as the service would see a real visitor do.
    await page
      .getByRole('textbox', { name: 'Message' })
      .pressSequentially('Is the jacket true to size', { delay: 150 })
    await agent.waitForChat(chat.id, 'the customer typing', (current) => current.customerTyping)
    await say(page, 'Is the jacket true to size?')
    await agent.waitForChat(
      chat.id,
      'the message, and typing over',
      (current) =>
        !current.customerTyping &&
        current.entries.some((entry) => textOf(entry) === 'Is the jacket true to size?'),
    )
    await context.close()
  })
})
