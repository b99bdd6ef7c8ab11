import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { seriousWidgetViolations } from '../support/animations'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, messageLog, openChat, say, visit, waitOnline } from '../support/widget-page'
import { agentOnlineAndVisitor } from './support/visitor'

// Issue 24, "Who is answering, and grouping": after the bot, Anna joins; the log says so
// once, the header shows her name and photo, her messages form one group that screen
// readers still hear one by one, and axe finds nothing serious in these states.

type Api = Record<string, (...args: unknown[]) => unknown>

describeInBrowser('who is answering', () => {
  const e2e = useBrowserDemo()

  it('after the bot, Anna joins: one joined line, her name and photo in the header, her messages grouped', async () => {
    const { agent, context, page } = await agentOnlineAndVisitor(e2e)
    const header = page.locator('porthole-widget .ph-header')
    // Nobody has joined: the site's usual reply time (demo settings team.replyTime).
    await header.getByText('Usually replies in a few minutes').waitFor()

    await say(page, 'I want to talk to a person')
    await bubble(page, 'Connecting you to an agent…').waitFor()
    // The bot answers, but nobody has joined yet: no line, no agent in the header.
    expect(await messageLog(page).locator('.ph-joined').count()).toBe(0)
    expect(await header.textContent()).toContain('Usually replies in a few minutes')

    const chat = await agent.chatWith('I want to talk to a person')
    await agent.join(chat.id, 'Anna')
    expect(await agent.send(chat.id, 'Anna', createText('Hi, Anna here.'))).toBe('delivered')
    expect(await agent.send(chat.id, 'Anna', createText('How can I help?'))).toBe('delivered')
    await bubble(page, 'How can I help?').waitFor()

    const joined = messageLog(page).locator('.ph-joined')
    await joined.first().waitFor()
    expect(await joined.allTextContents()).toEqual(['Anna joined the conversation'])
    await header.locator('.ph-subtitle', { hasText: 'Anna' }).waitFor()
    const photo = header.locator('.ph-avatar img')
    await photo.waitFor()
    expect(await photo.getAttribute('alt')).toBe('Anna')
    expect(await photo.getAttribute('referrerpolicy')).toBe('no-referrer')
    // The photo loaded (it is the demo site's).
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    expect(await header.textContent()).not.toContain('Usually replies')

    // Her two messages are one group: one name above, one time below.
    const anna = messageLog(page).locator('.ph-msg', { hasText: /Anna here|How can I help/ })
    expect(await anna.locator('.ph-author').allTextContents()).toEqual(['Anna'])
    expect(await anna.locator('time').count()).toBe(1)
    // Screen readers still hear who wrote each message.
    const tree = await messageLog(page).ariaSnapshot()
    expect(tree).toMatch(/Anna[\s\S]*Hi, Anna here\.[\s\S]*Anna[\s\S]*How can I help\?/)
    expect(await seriousWidgetViolations(page)).toEqual([])

    // Another visit (a reload): the same single line, from the stored entries.
    await page.reload()
    await openChat(page)
    await bubble(page, 'How can I help?').waitFor()
    expect(await messageLog(page).locator('.ph-joined').allTextContents()).toEqual([
      'Anna joined the conversation',
    ])
    await context.close()
  })

  it('the console’s Accept chat names Anna at once: the line, the header and agentJoined, before she writes (issue 35, defect 9)', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    await agent.setOnline('Anna', true)
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    await page.evaluate(() => {
      const host = window as unknown as { joins: unknown[]; Porthole: Api }
      host.joins = []
      host.Porthole.on?.('agentJoined', (event: unknown) => host.joins.push(event))
    })
    await openChat(page)
    await say(page, 'A person, please')
    await bubble(page, 'Connecting you to an agent…').waitFor()

    const chat = await agent.chatWith('A person, please')
    await agent.join(chat.id, 'Anna')
    const joined = messageLog(page).locator('.ph-joined')
    await joined.getByText('Anna joined the conversation').waitFor()
    expect(await joined.allTextContents()).toEqual(['Anna joined the conversation'])
    await page.locator('porthole-widget .ph-header .ph-subtitle', { hasText: 'Anna' }).waitFor()
    // The bot joined under its own name first (it writes as an agent); then Anna, at once.
    expect(await page.evaluate(() => (window as unknown as { joins: unknown[] }).joins)).toEqual([
      { name: 'Northwind bot' },
      { name: 'Anna' },
    ])
    // Her first message adds no second line and no second event.
    expect(await agent.send(chat.id, 'Anna', createText('Hi, Anna here.'))).toBe('delivered')
    await bubble(page, 'Hi, Anna here.').waitFor()
    expect(await joined.allTextContents()).toEqual(['Anna joined the conversation'])
    expect(await page.evaluate(() => (window as unknown as { joins: unknown[] }).joins)).toEqual([
      { name: 'Northwind bot' },
      { name: 'Anna' },
    ])
    await context.close()
  })
})
