import { expect, it } from 'vitest'
import { textOf } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, messageLog, say } from '../support/widget-page'
import { agentOnlineAndVisitor } from './support/visitor'

describeInBrowser('the bot answers first and hands over to an agent', () => {
  const e2e = useBrowserDemo()

  it('answers from the demo rules, then an agent takes over and the bot goes quiet', async () => {
    const { agent, context, page } = await agentOnlineAndVisitor(e2e)

    await say(page, 'What are your opening hours?')
    await bubble(
      page,
      'Our shop and support are open Monday to Friday, 9:00 to 18:00, and Saturday 10:00 to 16:00.',
    ).waitFor()
    await messageLog(page).locator('.ph-author', { hasText: 'Northwind bot' }).first().waitFor()

    // A BUTTONS reply reaches a chat channel as its plain-text fallback; Porthole's widget
    // knows its own bot sent it and shows the heading with its buttons (bot-buttons.test.ts).
    await say(page, 'Do you ship abroad?')
    await bubble(page, 'Where should we ship?').waitFor()
    // Typing a button's text works as well as tapping it.
    await say(page, 'Abroad')
    await bubble(page, 'Abroad: 5 to 10 working days to 30 countries, from $24.').waitFor()

    await say(page, 'I want to talk to a person')
    await bubble(page, 'Connecting you to an agent…').waitFor()
    const chat = await agent.chatWith('I want to talk to a person')
    await agent.waitForChat(
      chat.id,
      'the chat queued for an agent',
      (current) => current.state === 'queued',
    )

    await agent.join(chat.id, 'Anna')
    await agent.waitForChat(
      chat.id,
      'the bot told an agent joined',
      (current) => current.bot === 'ended',
    )
    expect(await agent.send(chat.id, 'Anna', createText('Hi, Anna here. How can I help?'))).toBe(
      'delivered',
    )
    await bubble(page, 'Hi, Anna here. How can I help?').waitFor()

    // From now on the agent answers, not the bot: a rule question gets no bot reply.
    await say(page, 'And your opening hours on Sunday?')
    const later = await agent.waitForChat(chat.id, 'the question reaching the agent', (current) =>
      current.entries.some((entry) => textOf(entry) === 'And your opening hours on Sunday?'),
    )
    await e2e.demo.sandbox.service.settled()
    const afterJoin = later.entries.slice(
      later.entries.findIndex((entry) => entry.author === 'agent'),
    )
    expect(afterJoin.filter((entry) => entry.author === 'bot')).toEqual([])
    expect(await bubble(page, 'Hi, Anna here. How can I help?').count()).toBe(1)
    await context.close()
  })

  it('answers in Russian to a Russian question', async () => {
    const { context, page } = await agentOnlineAndVisitor(e2e, 'Boris')
    await say(page, 'Сколько стоит доставка?')
    await bubble(page, 'Куда доставить?').waitFor()
    await messageLog(page).locator('.ph-quick button', { hasText: 'За границу' }).waitFor()
    await context.close()
  })
})
