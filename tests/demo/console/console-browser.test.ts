import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import nodemailer from 'nodemailer'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox } from '../../../demo/sandbox/index'
import { describeInBrowser, launchBrowser } from '../../../kit/chromium'
import { startReceiver } from '../support/test-sandbox'

// The console in real Chromium against a real sandbox: what an agent sees and does.

const root = fileURLToPath(new URL('../../..', import.meta.url))
let consoleDir = ''
let browser: Browser
let hook: Awaited<ReturnType<typeof startReceiver>>
let sandbox: Awaited<ReturnType<typeof startSandbox>>
let page: Page

describeInBrowser('agent console in Chromium', () => {
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'porthole-console-build-'))
    await build({
      configFile: join(root, 'demo/console/vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: consoleDir, emptyOutDir: true, sourcemap: false },
    })
    hook = await startReceiver()
    sandbox = await startSandbox({
      port: 0,
      smtpPort: 0,
      inboundEmailUrl: `${hook.url}/hooks/email/s3cret`,
      consoleDir,
      timings: { deliveryIntervalMs: 20, deliveryTimeoutMs: 1000 },
      agents: [{ name: 'Anna', online: true }, { name: 'Boris' }],
      channels: [{ name: 'Website', webhookUrl: `${hook.url}/hooks/s`, agents: ['Anna', 'Boris'] }],
    })
    browser = await launchBrowser()
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.goto(`${sandbox.url}/`)
  }, 90_000)

  afterAll(async () => {
    await browser?.close()
    await sandbox?.close()
    await hook?.close()
    if (consoleDir) rmSync(consoleDir, { recursive: true, force: true })
  })

  const channel = () => sandbox.service.listChannels()[0]!
  const customerSays = (message: object) =>
    fetch(channel().endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sender: { id: 'v-7', name: 'Jo Doe', email: 'jo@example.com', invite: 'Need help?' },
        message,
      }),
    })
  const thread = () => page.locator('.messages')

  it('shows a new user how to send the first message', async () => {
    await page.getByRole('heading', { name: 'No chat selected' }).waitFor()
    expect(await page.locator('.empty-state pre').textContent()).toContain(channel().endpoint)
  })

  it('shows a customer message live, with the customer card', async () => {
    await customerSays({ type: 'text', text: 'Is the jacket waterproof?' })
    await page.locator('.chat-item', { hasText: 'Jo Doe' }).click()
    await thread().getByText('Is the jacket waterproof?').waitFor()
    await page.locator('.customer-card').getByText('jo@example.com').waitFor()
    await page.locator('.invite').getByText('Need help?').waitFor()
  })

  it('accepts the chat and replies; the integrator receives the reply', async () => {
    await page.getByRole('button', { name: 'Accept chat' }).click()
    await thread().getByText('Anna joined the chat').waitFor()
    await page.getByRole('textbox', { name: 'Message' }).fill('Yes, fully waterproof.')
    await page.getByRole('textbox', { name: 'Message' }).press('Enter')
    await thread().getByText('Delivered').first().waitFor()
    expect(hook.received.at(-1)?.json).toMatchObject({
      recipient: { id: 'v-7' },
      message: { type: 'text', text: 'Yes, fully waterproof.' },
    })
  })

  it('shows the customer typing', async () => {
    await customerSays({ type: 'typein' })
    await page.getByText('Jo Doe is typing…').waitFor()
    await customerSays({ type: 'typeout' })
    await page.getByText('Jo Doe is typing…').waitFor({ state: 'detached' })
  })

  it('sends media from the media form', async () => {
    await page.getByRole('button', { name: 'Media' }).click()
    // A chosen photo fills its name, size and pixels (issue 35, defect 17).
    const lake = join(root, 'demo/site/media/lake.jpg')
    await page.getByLabel(/from a file/).setInputFiles(lake)
    await expect.poll(() => page.getByLabel(/Width/).inputValue()).toBe('640')
    expect(await page.getByLabel(/Height/).inputValue()).toBe('427')
    expect(await page.getByLabel(/File name/).inputValue()).toBe('lake.jpg')
    expect(await page.getByLabel(/Size/).inputValue()).toBe(String(statSync(lake).size))
    await page.getByLabel('Type').selectOption('document')
    await page.getByLabel(/File URL/).fill(`${hook.url}/files/manual.pdf`)
    await page.getByLabel(/File name/).fill('manual.pdf')
    await page.getByLabel(/Size/).fill('20480')
    await page.getByRole('button', { name: 'Send document' }).click()
    await thread().getByText('manual.pdf').waitFor()
    await expect
      .poll(() => hook.received.at(-1)?.json)
      .toMatchObject({ message: { type: 'document', file_name: 'manual.pdf', file_size: 20480 } })
  })

  it('switches the agent offline, which the status endpoint reflects', async () => {
    await page.getByRole('button', { name: 'Online' }).click()
    await page.getByRole('button', { name: 'Offline' }).waitFor()
    const status = await fetch(`${channel().endpoint}/status`)
    expect(await status.text()).toBe('0')
    await page.getByRole('button', { name: 'Offline' }).click()
    await page.getByRole('button', { name: 'Online' }).waitFor()
  })

  it('has no serious accessibility problems', async () => {
    const require = createRequire(import.meta.url)
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') })
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: () => Promise<{
              violations: Array<{ id: string; impact: string; nodes: unknown[] }>
            }>
          }
        }
      ).axe
      const result = await axe.run()
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id} (${violation.nodes.length})`)
    })
    expect(violations).toEqual([])
  })

  it('closes the chat and disables the composer', async () => {
    await page.getByRole('button', { name: 'Close chat' }).click()
    await thread().getByText('Chat closed by Anna').waitFor()
    expect(await page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true)
    expect(sandbox.service.chats.list()[0]?.state).toBe('closed')
  })

  it('shows an e-mail in the Mailbox and replies to it as the visitor', async () => {
    await nodemailer.createTransport(sandbox.smtpUrl ?? '').sendMail({
      from: 'Northwind Outfitters <chat@northwind.example>',
      to: 'jo@example.com',
      replyTo: 'reply+t0ken@reply.northwind.example',
      subject: 'Anna answered you',
      text: 'Anna: Yes, fully waterproof.',
      html: '<p><b>Anna</b>: Yes, fully waterproof.</p>',
    })
    await page.getByRole('button', { name: /Mailbox/ }).click()
    await page.getByRole('heading', { name: 'Anna answered you' }).waitFor()
    await page.locator('.mail-headers').getByText('reply+t0ken@reply.northwind.example').waitFor()
    const html = page.frameLocator('iframe.mail-html')
    await html.getByText('Yes, fully waterproof.').waitFor()
    await page.getByRole('button', { name: 'Text' }).click()
    await page.locator('.mail-text').getByText('Anna: Yes, fully waterproof.').waitFor()
    const before = hook.received.length
    await page.getByRole('textbox', { name: 'Reply as the visitor' }).fill('Great, thanks!')
    await page.getByRole('button', { name: 'Reply as the visitor' }).click()
    await page.getByText('Porthole took it (HTTP 200)').waitFor()
    const reply = hook.received
      .slice(before)
      .find((request) => request.url === '/hooks/email/s3cret')
    expect(reply?.headers['content-type']).toBe('message/rfc822')
    expect(reply?.body).toMatch(/^To: reply\+t0ken@reply\.northwind\.example$/m)
    await page.getByRole('button', { name: 'Chats' }).click()
    await thread().waitFor()
  })
})
