import type { Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser } from '../../kit/chromium'
import { STUDIO_PASSWORD, useStudioDemo } from './support/studio-demo'

// The studio as a site owner first meets it: the page loads without a single console
// error (a CSP refusal of eval included), a wrong password gets words for a site owner,
// and "Show invitation now" shows the invitation even while the preview's chat is open.

let page: Page
let origin = ''
const errors: string[] = []

describeInBrowser('settings studio: console, login words, invitation over an open chat', () => {
  const studio = useStudioDemo({ agentOnline: true })
  const previewFrame = () => studio.previewFrame()
  beforeAll(async () => {
    ;({ page, origin } = studio)
    // Every console error of the page and its frames (the preview), and every uncaught one.
    page.on('console', (message) => {
      const line = `${message.location().url}: ${message.text()}`
      // The browser's own line for the 401 of the wrong password tried on purpose below.
      if (/\/admin\/login: Failed to load resource: .* 401/.test(line)) return
      if (message.type() === 'error') errors.push(line)
    })
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  }, 90_000)

  it('says "wrong password" in a site owner’s words, without naming server settings', async () => {
    await page.goto(`${origin}/admin`)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Log in' }).click()
    const alert = page.getByRole('alert')
    await alert.getByText(/Wrong password/).waitFor()
    const text = (await alert.textContent()) ?? ''
    expect(text).not.toMatch(/ADMIN_PASSWORD|ADMIN_TOKEN|server|environment/i)
    expect(errors).toEqual([])
  }, 30_000)

  it('logs in and loads the studio and its preview with no console error', async () => {
    await page.getByLabel('Password').fill(STUDIO_PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Settings studio' }).waitFor()
    await (await previewFrame()).locator('porthole-widget .ph-launcher').waitFor()
    // A fresh load, logged in: the page as a returning site owner gets it.
    await page.reload()
    await page.getByText(/Saved · version/).waitFor()
    await (await previewFrame()).locator('porthole-widget .ph-launcher').waitFor()
    // An edit runs the local check (zod) in the page and re-renders the preview.
    await page.getByLabel('Side offset (px)').fill('30')
    await page.getByText('Unsaved changes').waitFor()
    await page.getByRole('button', { name: 'Show invitation now' }).click()
    await (await previewFrame()).locator('porthole-widget .ph-invite-text').waitFor()
    await page.getByRole('button', { name: 'Hide the invitation' }).click()
    await expect
      .poll(async () =>
        (await previewFrame()).locator('porthole-widget .ph-invite-text').isVisible(),
      )
      .toBe(false)
    expect(errors).toEqual([])
  }, 60_000)

  it('shows the invitation on demand while the preview’s chat is open', async () => {
    const frame = await previewFrame()
    await frame.locator('porthole-widget .ph-launcher').click()
    await frame.locator('porthole-widget .ph-window').waitFor()
    await page.getByRole('button', { name: 'Show invitation now' }).click()
    await frame.locator('porthole-widget .ph-invite-text').waitFor()
    expect(await frame.locator('porthole-widget .ph-invite-text').isVisible()).toBe(true)
    expect(errors).toEqual([])
  }, 30_000)
})
