import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Frame, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { describeInBrowser, launchBrowser } from '../../kit/chromium'
import { findRepoRoot } from '../../server/assets/repo-root'
import { startTestDemo, type TestDemo } from '../support/demo'

// The studio as a site owner first meets it: the page loads without a single console
// error (a CSP refusal of eval included), a wrong password gets words for a site owner,
// and "Show invitation now" shows the invitation even while the preview's chat is open.

const PASSWORD = 'correct horse battery staple'
const root = findRepoRoot()
let demo: TestDemo
let browser: Browser
let page: Page
let origin = ''
const errors: string[] = []

async function previewFrame(): Promise<Frame> {
  const handle = await page.locator('iframe[title="Widget preview"]').elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error('the preview frame is missing')
  return frame
}

describeInBrowser('settings studio: console, login words, invitation over an open chat', () => {
  beforeAll(async () => {
    await build({ configFile: join(root, 'studio/vite.config.ts'), logLevel: 'silent' })
    if (!existsSync(join(root, 'dist/widget/widget.js')))
      await build({ configFile: join(root, 'widget/vite.config.ts'), logLevel: 'silent' })
    demo = await startTestDemo({ env: { ADMIN_PASSWORD: PASSWORD } })
    origin = new URL(demo.siteUrl).origin
    // The invitation shows only while someone is online.
    await agentConsole(demo.consoleUrl.replace(/\/$/, '')).setOnline('Anna', true)
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
    // Every console error of the page and its frames (the preview), and every uncaught one.
    page.on('console', (message) => {
      const line = `${message.location().url}: ${message.text()}`
      // The browser's own line for the 401 of the wrong password tried on purpose below.
      if (/\/admin\/login: Failed to load resource: .* 401/.test(line)) return
      if (message.type() === 'error') errors.push(line)
    })
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await demo?.dispose()
  })

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
    await page.getByLabel('Password').fill(PASSWORD)
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
