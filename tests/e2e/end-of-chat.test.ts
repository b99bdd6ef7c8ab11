import type { Locator, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { agentConsole, textOf, waitFor } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, chatWindow, openChat, visit, waitOnline } from '../support/widget-page'
import { axeSerious } from './support/axe'
import { askAgent, visitWithChatOpen } from './support/visitor'

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

  /** The agent closes the chat in the sandbox; the visitor's window says it ended. */
  async function closeChat(page: Page, chatId: string): Promise<Locator> {
    const closed = await fetch(`${e2e.demo.sandbox.url}/console/api/chats/${chatId}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(closed.ok).toBe(true)
    const window = chatWindow(page)
    await window.getByText('This conversation has ended').waitFor({ timeout: 20_000 })
    return window
  }

  it('the visitor rates a closed chat 👎 with a comment, the agents read it, and the transcript arrives by e-mail', async () => {
    await rateToAgents()
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context: visitor, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const chat = await askAgent(agent, page, 'End test: do you ship <to> Oslo?')
    await agent.send(chat.id, 'Anna', createText('Yes, in 3 days & free.'))
    await bubble(page, 'Yes, in 3 days & free.').waitFor()

    // The agent closes the chat in the sandbox.
    const window = await closeChat(page, chat.id)

    // The rating control is accessible: axe-core finds nothing serious in the widget.
    await window.getByRole('group', { name: 'How was this conversation?' }).waitFor()
    const serious = await axeSerious(page)
    expect(serious).toEqual([])
    // Keyboard: 👍 then 👎 are tab stops; Enter on 👎 rates at once.
    await window.getByRole('button', { name: 'Good' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await window.getByText('Thank you for your rating').waitFor()
    expect(await window.getByRole('button', { name: 'Bad' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    // The comment box opened with the keyboard in it: typing goes there.
    const box = window.getByLabel('Comment (optional)')
    await expect.poll(() => isFocused(box)).toBe(true)
    await page.keyboard.type('Too slow to answer')
    await window.getByRole('button', { name: 'Send comment' }).click()
    await box.waitFor({ state: 'detached' })
    expect(await axeSerious(page)).toEqual([])

    await window.getByRole('button', { name: 'E-mail me the transcript' }).click()
    await window.getByLabel('Your e-mail').fill('ann@example.com')
    await window.getByRole('button', { name: 'Send transcript' }).click()
    await window
      .getByText('We sent a link to ann@example.com: confirm it and the transcript follows')
      .waitFor()

    // The agents see the rating as a message of the visitor: the tap, then its comment.
    const rated = await agent.chatWith('Rated 👎: Too slow to answer')
    const texts = rated.entries.map(textOf)
    expect(texts).toContain('Rated 👎')
    expect(texts).toContain('Rated 👎: Too slow to answer')

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

  it('on a phone (390×844): the address field opens in view and focused, its error beside it; a tap on 👍 then closing the window leaves the rating (issue 35, defect 2)', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const visitor = await newVisitor(e2e.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
    })
    const page = await visit(visitor, e2e.demo.siteUrl)
    await waitOnline(page)
    await openChat(page)
    const chat = await askAgent(agent, page, 'Phone end test: is the shop open on Sunday?')
    // Replies enough to fill the log: the panel opens below what shows.
    for (const line of ['Yes.', 'From 10 to 16.', 'Anything else?', 'Have a nice day.'])
      await agent.send(chat.id, 'Anna', createText(line))
    await bubble(page, 'Have a nice day.').waitFor()
    const window = await closeChat(page, chat.id)

    await window.getByRole('button', { name: 'E-mail me the transcript' }).click()
    const field = window.getByLabel('Your e-mail')
    await expect.poll(() => isFocused(field)).toBe(true)
    await expect.poll(() => inView(field)).toBe(true)
    await page.keyboard.type('ann@example')
    await window.getByRole('button', { name: 'Send transcript' }).click()
    const error = window.getByRole('alert').filter({ hasText: 'name@example.com' })
    await error.waitFor()
    expect(await field.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'))
    await expect.poll(() => inView(error)).toBe(true)
    await expect.poll(() => isFocused(field)).toBe(true)

    // The visitor taps 👍 and closes the window at once: the backend has the rating.
    const token = await sessionToken(page)
    await window.getByRole('button', { name: 'Good' }).tap()
    await page.close()
    const api = e2e.demo.siteUrl
    const headers = { authorization: `Bearer ${token}` }
    const history = (await (await fetch(`${api}api/history?limit=200`, { headers })).json()) as {
      entries: { id: string; ended?: string }[]
    }
    const end = history.entries.find((entry) => entry.ended)
    const rating = await waitFor('the rating stored', async () => {
      const answer = await fetch(`${api}api/rating?conversation=${end?.id}`, { headers })
      return ((await answer.json()) as { rating: { score: string } | null }).rating ?? undefined
    })
    expect(rating.score).toBe('good')
    await visitor.close()
  })
})

/** Whether the element has the keyboard (the widget's shadow root's active element). */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => (node.getRootNode() as ShadowRoot).activeElement === node)
}

/** Whether the whole element shows: inside the conversation's scrolled log and the viewport. */
function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => {
    const box = node.getBoundingClientRect()
    const log = (node.closest('[role=log]') as HTMLElement).getBoundingClientRect()
    const viewport = window.visualViewport
    const bottom = Math.min(
      log.bottom,
      viewport ? viewport.offsetTop + viewport.height : innerHeight,
    )
    return box.height > 0 && box.top >= log.top - 1 && box.bottom <= bottom + 1
  })
}

/** The visitor's token, as the widget keeps it (IndexedDB `porthole:<backend host>`). */
function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('state').objectStore('state').get('session')
          read.onsuccess = () => resolve((read.result as { token: string }).token)
          read.onerror = () => reject(read.error)
        }
      }),
    `porthole:${new URL(page.url()).host}`,
  )
}
