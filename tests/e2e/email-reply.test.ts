import { expect, it } from 'vitest'
import { agentConsole, textOf, waitFor } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, openChat, visit } from '../support/widget-page'
import { askAgent, visitWithChatOpen } from './support/visitor'

describeInBrowser('replies by e-mail', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  it('a reply from the Mailbox reaches the agent’s chat and the widget on the next visit', async () => {
    const { demo } = e2e
    const agent = agentConsole(demo.sandbox.url)
    const { context, page } = await visitWithChatOpen(e2e.browser, demo.siteUrl)
    await page.evaluate(() =>
      (
        window as unknown as { Porthole: { setContact(contact: object): void } }
      ).Porthole.setContact({ email: 'visitor@example.com' }),
    )
    const chat = await askAgent(agent, page, 'E-mail test: is the tent waterproof?')
    // The visitor leaves before the answer: nobody reads it, so it is e-mailed.
    await page.close()
    await agent.send(chat.id, 'Anna', createText('Yes, up to 3000 mm.'))

    // The first e-mail to the address asks to confirm it, without the answer; the
    // visitor opens its link and presses the page's button.
    const mailbox = demo.sandbox.service.mailbox
    const ask = await waitFor('the confirmation e-mail', async () => mailbox.list()[0], 60_000)
    expect(ask.replyTo).toBeUndefined()
    const askText = mailbox.get(ask.id).text ?? ''
    expect(askText).not.toContain('3000 mm')
    const link = /https?:\/\/\S+\/email\/confirm\/[\w.-]+/.exec(askText)?.[0] ?? ''
    const confirmPage = await context.newPage()
    await confirmPage.goto(link)
    await confirmPage.getByRole('button', { name: 'Confirm my address' }).click()
    await confirmPage.getByText('Your e-mail address is confirmed').waitFor()
    await confirmPage.close()

    // The e-mail about the answer, from the backend's own mailer (Reply-To signed for this visitor).
    const mail = await waitFor(
      'the missed reply e-mailed to the sandbox',
      async () => mailbox.list().find((summary) => summary.id !== ask.id),
      60_000,
    )
    expect(mail.envelopeTo).toEqual(['visitor@example.com'])
    expect(mail.replyTo).toMatch(/^reply\+/)
    const reply = await fetch(`${demo.sandbox.url}/console/api/mailbox/${mail.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Great, I will order it.' }),
    })
    expect(await reply.json()).toMatchObject({ status: 200, text: 'Great, I will order it.' })

    // The agent sees it in the same chat as the widget's messages.
    const after = await waitFor(
      'the e-mail reply in the chat',
      async () => {
        const current = (await agent.chats()).find((candidate) => candidate.id === chat.id)
        return current?.entries.some((entry) => textOf(entry) === 'Great, I will order it.')
          ? current
          : undefined
      },
      10_000,
    )
    const customer = after.entries.filter((entry) => entry.author === 'customer').map(textOf)
    expect(customer).toEqual(['E-mail test: is the tent waterproof?', 'Great, I will order it.'])

    // The visitor comes back: the widget shows the reply as theirs, once.
    const again = await visit(context, demo.siteUrl)
    await openChat(again)
    await bubble(again, 'Great, I will order it.').waitFor()
    expect(await bubble(again, 'Great, I will order it.').count()).toBe(1)
    await bubble(again, 'E-mail test: is the tent waterproof?').waitFor()
    await context.close()
  })
})
