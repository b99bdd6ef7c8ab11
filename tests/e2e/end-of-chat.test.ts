import { expect, it } from 'vitest'
import { agentConsole, textOf, waitFor } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, chatWindow, openChat, say, visit, waitOnline } from '../support/widget-page'
import { axeSerious } from './support/axe'

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef'

describeInBrowser('when the conversation ends', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna', env: { ADMIN_TOKEN } })

  /** Turns email.ratingToAgents on through the studio's API, as a site owner would. */
  async function rateToAgents(): Promise<void> {
    const url = `${e2e.demo.siteUrl}admin/api/settings`
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }
    const current = (await (await fetch(url, { headers })).json()) as {
      settings: { email: Record<string, unknown> }
    }
    const settings = {
      ...current.settings,
      email: { ...current.settings.email, ratingToAgents: true },
    }
    const saved = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(settings) })
    expect(saved.status).toBe(200)
  }

  it('the visitor rates a closed chat 👎 with a comment, the agents read it, and the transcript arrives by e-mail', async () => {
    await rateToAgents()
    const agent = agentConsole(e2e.demo.sandbox.url)
    const visitor = await newVisitor(e2e.browser)
    const page = await visit(visitor, e2e.demo.siteUrl)
    await waitOnline(page)
    await openChat(page)
    await say(page, 'End test: do you ship <to> Oslo?')
    const chat = await agent.chatWith('End test: do you ship <to> Oslo?')
    await agent.send(chat.id, 'Anna', createText('Yes, in 3 days & free.'))
    await bubble(page, 'Yes, in 3 days & free.').waitFor()

    // The agent closes the chat in the sandbox.
    const closed = await fetch(`${e2e.demo.sandbox.url}/console/api/chats/${chat.id}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(closed.ok).toBe(true)
    const window = chatWindow(page)
    await window.getByText('This conversation has ended').waitFor({ timeout: 20_000 })

    // The rating control is accessible: axe-core finds nothing serious in the widget.
    await window.getByRole('radiogroup', { name: 'How was this conversation?' }).waitFor()
    const serious = await axeSerious(page)
    expect(serious).toEqual([])
    // Keyboard: the radios are one tab stop, arrows move between them.
    await window.getByRole('radio', { name: 'Good' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => window.getByRole('radio', { name: 'Bad' }).isChecked()).toBe(true)
    await window.getByLabel('Comment (optional)').fill('Too slow to answer')
    await window.getByRole('button', { name: 'Send rating' }).click()
    await window.getByText(/Thank you for your rating/).waitFor()

    await window.getByRole('button', { name: 'E-mail me the transcript' }).click()
    await window.getByLabel('Your e-mail').fill('ann@example.com')
    await window.getByRole('button', { name: 'Send transcript' }).click()
    await window
      .getByText('We sent a link to ann@example.com: confirm it and the transcript follows')
      .waitFor()

    // The agents see the rating as a message of the visitor.
    const rated = await agent.chatWith('Rated 👎: Too slow to answer')
    expect(rated.entries.map(textOf)).toContain('Rated 👎: Too slow to answer')

    // The address is new: a confirmation e-mail first, without the conversation; the
    // visitor opens its link and presses the page's button.
    const mailbox = e2e.demo.sandbox.service.mailbox
    const ask = await waitFor('the confirmation e-mail', async () =>
      mailbox.list().find((summary) => summary.subject.startsWith('Confirm your e-mail address')),
    )
    const askText = mailbox.get(ask.id).text ?? ''
    expect(askText).not.toContain('Oslo')
    const confirmPage = await visitor.newPage()
    await confirmPage.goto(/https?:\/\/\S+\/email\/confirm\/[\w.-]+/.exec(askText)?.[0] ?? '')
    await confirmPage.getByRole('button', { name: 'Confirm my address' }).click()
    await confirmPage.getByText('Your e-mail address is confirmed').waitFor()

    // The sandbox's SMTP server has the transcript, once, with every message.
    const mail = await waitFor('the transcript e-mail', async () =>
      mailbox.list().find((summary) => summary.subject.startsWith('Your conversation with')),
    )
    const detail = mailbox.get(mail.id)
    expect(detail.to).toContain('ann@example.com')
    expect(detail.text).toContain('End test: do you ship <to> Oslo?')
    expect(detail.text).toContain('Yes, in 3 days & free.')
    expect(detail.html).toContain('End test: do you ship &lt;to&gt; Oslo?')
    expect(mailbox.list().filter((summary) => summary.subject === mail.subject)).toHaveLength(1)
    await visitor.close()
  })
})
