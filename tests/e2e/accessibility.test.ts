import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { createDocument, createPhoto, createText } from '../../kit/agent-messages'
import { ensureWidgetBuild } from '../../kit/built-widget'
import { describeInBrowser, launchBrowser } from '../../kit/chromium'
import { openWindowState, type Variant, WINDOW_STATES } from '../../kit/window-states'
import { findRepoRoot } from '../../server/assets/repo-root'
import { widgetAnimationsEnded } from '../support/animations'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import {
  bubble,
  chatWindow,
  composer,
  launcher,
  messageLog,
  openChat,
  say,
  visit,
  waitOnline,
} from '../support/widget-page'

const AXE = join(findRepoRoot(), 'node_modules/axe-core/axe.min.js')

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }

type AxeResult = { violations: Violation[]; passes: { id: string; nodes: unknown[] }[] }

/**
 * axe-core on the widget only (its host element and open shadow root): the serious and
 * critical violations, and how many buttons it checked (proof it saw inside the shadow root).
 */
async function axeOnWidget(page: Page): Promise<{ serious: Violation[]; buttonsChecked: number }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE })
  // A message still entering (its opacity rising) is read once it has arrived.
  await widgetAnimationsEnded(page)
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<AxeResult> } }).axe
    const { violations, passes } = await axe.run({ include: [['porthole-widget']] })
    return {
      violations: violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((node) => ({ target: node.target })),
      })),
      buttonsChecked: passes.find((pass) => pass.id === 'button-name')?.nodes.length ?? 0,
    }
  })
  return {
    serious: result.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    ),
    buttonsChecked: result.buttonsChecked,
  }
}

describeInBrowser('accessibility and mobile', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  it('has no serious or critical axe-core violation, closed or open mid-conversation', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const context = await newVisitor(e2e.browser)
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    const closed = await axeOnWidget(page)
    expect(closed.serious).toEqual([])
    expect(closed.buttonsChecked).toBeGreaterThanOrEqual(1)

    await openChat(page)
    await say(page, 'Can you send me a photo of the lake?')
    const chat = await agent.chatWith('Can you send me a photo of the lake?')
    await agent.send(chat.id, 'Anna', createText('Here it is, and our price list.'))
    await agent.send(chat.id, 'Anna', createPhoto(e2e.demo.siteUrl))
    await agent.send(chat.id, 'Anna', createDocument(e2e.demo.siteUrl))
    await messageLog(page)
      .getByRole('link', { name: /price-list\.pdf/ })
      .waitFor()
    const open = await axeOnWidget(page)
    expect(open.serious).toEqual([])
    // The launcher, the window's close button and the send button at least.
    expect(open.buttonsChecked).toBeGreaterThanOrEqual(3)

    // Keyboard: Escape closes the chat and gives focus back to the launcher.
    await composer(page).press('Escape')
    await chatWindow(page).waitFor({ state: 'detached' })
    expect(await launcher(page).evaluate((element) => element.matches(':focus'))).toBe(true)
    await context.close()
  })

  it('goes full screen on a phone and keeps the composer usable', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const viewport = { width: 390, height: 740 }
    const context = await newVisitor(e2e.browser, { viewport, isMobile: true })
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    await launcher(page).tap()
    await composer(page).waitFor()
    // Rounded: the window may still be finishing its opening animation.
    await expect
      .poll(async () => {
        const box = await chatWindow(page).boundingBox()
        return box && [box.x, box.y, box.width, box.height].map(Math.round)
      })
      .toEqual([0, 0, viewport.width, viewport.height])
    // 16 px or more, so mobile browsers do not zoom into the page on focus.
    const fontSize = await composer(page).evaluate((element) =>
      Number.parseFloat(getComputedStyle(element).fontSize),
    )
    expect(fontSize).toBeGreaterThanOrEqual(16)

    await say(page, 'Writing from my phone')
    const chat = await agent.chatWith('Writing from my phone')
    await agent.send(chat.id, 'Anna', createText('Replying to your phone.'))
    await bubble(page, 'Replying to your phone.').waitFor()
    const composerBox = await composer(page).boundingBox()
    expect(composerBox && composerBox.y + composerBox.height).toBeLessThanOrEqual(viewport.height)
    await page.getByRole('button', { name: 'Close chat' }).first().tap()
    await chatWindow(page).waitFor({ state: 'detached' })
    await launcher(page).waitFor({ state: 'visible' })
    await context.close()
  })
})

// Every state of the window a visitor meets (kit/window-states.ts, the docs' screenshots
// show the same): the home screen online and offline with its form, the pre-chat form, a
// conversation, its end with the rating tapped and the transcript's address field open,
// and the error state (a message not sent, the network down); light, dark and Arabic.
describeInBrowser('accessibility of every window state', () => {
  let browser: Browser
  beforeAll(async () => {
    await ensureWidgetBuild()
    browser = await launchBrowser()
  }, 180_000)
  afterAll(() => browser?.close())

  const variants: Variant[] = ['desktop', 'dark', 'arabic']
  for (const state of WINDOW_STATES)
    for (const variant of variants)
      it(`has no serious or critical axe-core violation: ${state}, ${variant}`, async () => {
        const { page, close } = await openWindowState(browser, state, variant, {
          // axe-core is added as an inline script, which the host page's CSP refuses.
          bypassCSP: true,
        })
        try {
          const { serious, buttonsChecked } = await axeOnWidget(page)
          expect(serious).toEqual([])
          // The launcher, the window's close button and the state's own at least.
          expect(buttonsChecked).toBeGreaterThanOrEqual(3)
        } finally {
          await close()
        }
      })
})
