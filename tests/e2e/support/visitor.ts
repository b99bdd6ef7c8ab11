import { createHmac } from 'node:crypto'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { type AgentConsole, agentConsole, type ConsoleChat } from '../../../kit/agent-console'
import { newVisitor } from '../../support/browser'
import type { BrowserDemo } from '../../support/browser-demo'
import { launcher, openChat, say, visit, waitOnline } from '../../support/widget-page'

// Steps many browser tests begin with: a new visitor with the chat open, a first message the
// agent finds, a login.

/** A new visitor (its own browser storage) on `url`, the chat opened once the widget is online. */
export async function visitWithChatOpen(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newVisitor(browser)
  const page = await visit(context, url)
  await waitOnline(page)
  await openChat(page)
  return { context, page }
}

/**
 * `name` goes online in the sandbox's agent console, then a new visitor opens the chat on
 * the demo site once the widget shows it online.
 */
export async function agentOnlineAndVisitor(
  e2e: BrowserDemo,
  name = 'Anna',
): Promise<{ agent: AgentConsole; context: BrowserContext; page: Page }> {
  const agent = agentConsole(e2e.demo.sandbox.url)
  await agent.setOnline(name, true)
  return { agent, ...(await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)) }
}

/**
 * A new visitor on the demo site while nobody is online (as the demo starts): the launcher
 * offers to leave a message. With the sandbox's agent console, to bring someone online.
 */
export async function visitWhileNobodyOnline(
  e2e: BrowserDemo,
): Promise<{ agent: AgentConsole; context: BrowserContext; page: Page }> {
  const agent = agentConsole(e2e.demo.sandbox.url)
  const context = await newVisitor(e2e.browser)
  const page = await visit(context, e2e.demo.siteUrl)
  await expect.poll(() => launcher(page).getAttribute('aria-label')).toContain('Leave a message')
  return { agent, context, page }
}

/** The visitor says `text` on `page`; returns the agent's chat once the message reached it. */
export async function askAgent(
  agent: AgentConsole,
  page: Page,
  text: string,
): Promise<ConsoleChat> {
  await say(page, text)
  return agent.chatWith(text)
}

/** Logs the page's visitor in as `id` with Porthole.identify, signed with `secret`. */
export async function identify(page: Page, secret: string, id: string): Promise<void> {
  const hash = createHmac('sha256', secret).update(id).digest('hex')
  await page.evaluate(
    ([id, hash]) =>
      (
        window as unknown as { Porthole: { identify(user: object): Promise<void> } }
      ).Porthole.identify({ id, hash }),
    [id, hash] as const,
  )
}
