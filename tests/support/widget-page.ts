import type { BrowserContext, Locator, Page } from 'playwright-core'

// The widget from the visitor's side. Playwright's CSS and role locators pierce the
// widget's open shadow root, so these find elements inside it.

/** Opens a page of the demo site and waits for the widget's launcher. */
export async function visit(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.defineProperty(window, '__cspViolations', { value: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  await page.goto(url)
  await launcher(page).waitFor({ state: 'visible' })
  return page
}

export function launcher(page: Page): Locator {
  return page.locator('porthole-widget .ph-launcher')
}

export function chatWindow(page: Page): Locator {
  return page.getByRole('dialog')
}

export function messageLog(page: Page): Locator {
  return page.getByRole('log')
}

export function composer(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Message' })
}

/** Waits for the launcher to say the chat is online (an agent is available). */
export async function waitOnline(page: Page): Promise<void> {
  await page
    .locator('porthole-widget .ph-launcher[aria-label*="We are online"]')
    .waitFor({ timeout: 20_000 })
}

export async function openChat(page: Page): Promise<void> {
  if ((await launcher(page).getAttribute('aria-expanded')) !== 'true') await launcher(page).click()
  await composer(page).waitFor({ state: 'visible' })
}

/**
 * Waits until the open chat has the first frame's log (the `intro-log` chunk, fetched
 * beside the window at its start), which draws a message written once the connection
 * has dropped. A test that takes the backend away right after opening waits for it: a
 * visitor whose connection dropped before it came sees such a message once it can be
 * fetched again.
 */
export async function waitChatFetched(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('/assets/intro-log-')),
    undefined,
    { timeout: 30_000 },
  )
}

/** Types a message and presses Enter, as a visitor does. */
export async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text)
  await composer(page).press('Enter')
}

/** A message bubble in the conversation with exactly this text. */
export function bubble(page: Page, text: string): Locator {
  return messageLog(page).locator('.ph-bubble').getByText(text, { exact: true })
}

/** The CSP violations the page reported (collected from the first script on). */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  ])
}
