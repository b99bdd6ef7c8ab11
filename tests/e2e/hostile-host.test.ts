import type { Locator, Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { createPhoto, createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import {
  bubble,
  chatWindow,
  composer,
  cspViolations,
  launcher,
  messageLog,
  openChat,
  visit,
  waitOnline,
} from '../support/widget-page'
import { askAgent, visitWithChatOpen } from './support/visitor'

// What a host stylesheet could change if it leaked into the widget.
const PROPERTIES = [
  'width',
  'height',
  'font-size',
  'font-family',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-align',
  'text-indent',
  'text-shadow',
  'color',
  'cursor',
  'display',
] as const

function stylesOf(locator: Locator): Promise<Record<string, string>> {
  return locator.first().evaluate(
    (element, names) => {
      const style = getComputedStyle(element)
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]))
    },
    PROPERTIES as unknown as string[],
  )
}

/** The widget's look in one state: launcher, window, an agent bubble, the composer. */
async function widgetLook(page: Page, text: string) {
  return {
    launcher: await stylesOf(launcher(page)),
    window: await stylesOf(chatWindow(page)),
    bubble: await stylesOf(bubble(page, text)),
    composer: await stylesOf(composer(page)),
  }
}

describeInBrowser('the widget on a hostile host page', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  it('works under a strict CSP and an aggressive stylesheet, and looks as on a plain page', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const context = await newVisitor(e2e.browser)
    const response = await context.request.get(e2e.demo.hostileUrl)
    const csp = response.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')

    const page = await visit(context, e2e.demo.hostileUrl)
    await waitOnline(page)
    // The click must land on the launcher, above the cookie banner and the overlay.
    await openChat(page)
    const chat = await askAgent(agent, page, 'Hello from the hostile page')
    await agent.send(chat.id, 'Anna', createText('Styles cannot reach me here.'))
    await bubble(page, 'Styles cannot reach me here.').waitFor()
    await agent.send(chat.id, 'Anna', createPhoto(e2e.demo.siteUrl))
    const photo = messageLog(page).getByRole('img', { name: 'The lake by the campsite' })
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(640)
    expect(await cspViolations(page)).toEqual([])
    const hostile = await widgetLook(page, 'Styles cannot reach me here.')

    // The same visitor on the plain page: the same chat, the same look.
    const plain = await visit(context, e2e.demo.siteUrl)
    await openChat(plain)
    await bubble(plain, 'Styles cannot reach me here.').waitFor()
    expect(hostile).toEqual(await widgetLook(plain, 'Styles cannot reach me here.'))
    await context.close()
  })

  it('keeps an agent’s HTML and script payloads inert', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context, page } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const chat = await askAgent(agent, page, 'Show me something nasty')
    const payloads = [
      '<img src=x onerror="window.__pwned=1">',
      '<script>window.__pwned=2</script>',
      '"><svg onload="window.__pwned=3">',
      'javascript:window.__pwned=4',
    ]
    for (const text of payloads) await agent.send(chat.id, 'Anna', createText(text))
    await agent.send(
      chat.id,
      'Anna',
      createPhoto(e2e.demo.siteUrl, {
        text: '<img src=x onerror="window.__pwned=5">',
        file_name: '<b>x</b>.jpg',
      }),
    )
    for (const text of payloads) await bubble(page, text).waitFor()
    await messageLog(page)
      .getByRole('img', { name: '<img src=x onerror="window.__pwned=5">' })
      .waitFor()

    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined()
    // No element came out of the payloads: they are text nodes.
    const injected = await page.evaluate(() => {
      const root = document.querySelector('porthole-widget')?.shadowRoot
      return root
        ? root.querySelectorAll('img[src="x"], script, svg[onload], [onerror]').length
        : -1
    })
    expect(injected).toBe(0)
    await context.close()
  })
})
