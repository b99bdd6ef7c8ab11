import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { agentConsole, type ConsoleChat, textOf } from '../../kit/agent-console'
import { describeInBrowser } from '../../kit/chromium'
import { findRepoRoot } from '../../server/assets/repo-root'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { messageLog, openChat, say, visit, waitOnline } from '../support/widget-page'

// Issue 15 from the customer's side: attach, preview, progress, send; a photo and a
// document reach the service (the sandbox's console), or the text fallback when the
// channel refuses customer media; a file too large never leaves the browser.

const SHOTS = '/tmp/shots'
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

type Upload = { name: string; mimeType: string; buffer: Buffer }
let photo: Upload
const pdf: Upload = {
  name: 'price-list.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
}

/** axe-core's serious and critical violations inside the widget (its open shadow root). */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: join(findRepoRoot(), 'node_modules/axe-core/axe.min.js') })
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; help: string }[] }
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<Result> } }).axe
    const { violations } = await axe.run({ include: [['porthole-widget']] })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help}`)
  })
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true })
  // A real photo-like PNG (noise does not compress): big enough to watch it upload.
  const width = 900
  const height = 600
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width
    const y = Math.floor(i / 3 / width)
    pixels[i] = (x * 255) / width
    pixels[i + 1] = (y * 255) / height
    pixels[i + 2] = 180 + ((x * y) % 60)
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
  photo = { name: 'cat.png', mimeType: 'image/png', buffer }
})

describeInBrowser('attachments in the widget (issue 15)', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })
  const agent = () => agentConsole(e2e.demo.sandbox.url)

  async function channelAcceptsMedia(accepts: boolean): Promise<void> {
    const base = `${e2e.demo.sandbox.url}/console/api/channels`
    const channels = (await (await fetch(base)).json()) as { id: string }[]
    for (const channel of channels) {
      const response = await fetch(`${base}/${channel.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ acceptsMedia: accepts }),
      })
      expect(response.ok).toBe(true)
    }
  }
  afterAll(() => channelAcceptsMedia(true))

  async function start(viewport = DESKTOP): Promise<{ page: Page; chat: ConsoleChat }> {
    const context = await newVisitor(e2e.browser, {
      viewport,
      ...(viewport === PHONE ? { isMobile: true } : {}),
    })
    const page = await visit(context, e2e.demo.siteUrl)
    await waitOnline(page)
    await openChat(page)
    const hello = `Hello from ${viewport.width}px ${Date.now()}`
    await say(page, hello)
    const chat = await agent().chatWith(hello)
    // Anna takes the chat: the demo's bot stays quiet, nothing else moves the log.
    await agent().join(chat.id, 'Anna')
    return { page, chat }
  }

  /** Chooses files through the attach button, as a visitor does. */
  async function attach(page: Page, ...files: Upload[]): Promise<void> {
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Attach a file' }).click()
    const picker = await chooser
    expect(picker.isMultiple()).toBe(true)
    await picker.setFiles(files)
  }

  const tray = (page: Page) => page.getByRole('list', { name: 'Files to send' })

  it('sends a photo and a PDF: preview, progress, both reach the service, the photo shows', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, chat } = await start(viewport)
      await attach(page, photo, pdf)
      await tray(page).getByText('price-list.pdf').waitFor()
      const thumbnail = tray(page).locator('img')
      await expect
        .poll(() => thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(900)
      const tag = viewport === PHONE ? 'phone' : 'desktop'
      await page.screenshot({ path: `${SHOTS}/attach-tray-${tag}.png` })
      expect(await seriousAxeViolations(page)).toEqual([])

      // A slow uplink, to see the progress bar.
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 400 * 1024,
      })
      await page.getByRole('button', { name: 'Send' }).click()
      const progress = page.getByRole('progressbar', { name: 'Uploading cat.png' })
      await progress.waitFor()
      if (viewport === DESKTOP) await page.screenshot({ path: `${SHOTS}/attach-progress.png` })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })

      const done = await agent().waitForChat(chat.id, 'a photo and a document', (current) => {
        const media = current.entries.filter((entry) => entry.author === 'customer')
        return (
          media.some((entry) => entry.message?.type === 'photo') &&
          media.some((entry) => entry.message?.type === 'document')
        )
      })
      const customer = done.entries.filter(
        (entry) => entry.message?.type === 'photo' || entry.message?.type === 'document',
      )
      // In the order chosen: the photo, then the document.
      expect(customer.map((entry) => entry.message?.type)).toEqual(['photo', 'document'])
      const [sentPhoto, sentDocument] = customer.map((entry) => entry.message)
      expect(sentPhoto).toMatchObject({ file_name: 'cat.png', width: 900, height: 600 })
      expect(sentDocument).toMatchObject({
        file_name: 'price-list.pdf',
        file_size: pdf.buffer.length,
      })
      // The service's agent can open both links.
      for (const message of [sentPhoto, sentDocument]) {
        const file = message && 'file' in message ? message.file : undefined
        expect((await fetch(String(file))).status).toBe(200)
      }

      // The customer's own photo shows the image (its thumbnail), the PDF a file card.
      const own = messageLog(page).locator('.ph-own')
      const image = own.locator('.ph-picture img')
      await expect
        .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(320)
      await own.locator('.ph-file', { hasText: 'price-list.pdf' }).waitFor()
      // The conversation follows what was sent: the log stays at its bottom.
      await expect
        .poll(() =>
          messageLog(page).evaluate((log) => log.scrollHeight - log.scrollTop - log.clientHeight),
        )
        .toBeLessThan(60)
      await expect.poll(() => own.getByText('Sent').count()).toBeGreaterThanOrEqual(2)
      await expect.poll(() => tray(page).count()).toBe(0)
      await page.screenshot({ path: `${SHOTS}/attach-sent-${tag}.png` })
      await page.context().close()
    }
  })

  it('refuses a file too large with the limit named, and sends nothing', async () => {
    const { page, chat } = await start()
    const big: Upload = {
      name: 'backup.zip',
      mimeType: 'application/zip',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    }
    await attach(page, big)
    const error = tray(page).getByRole('alert')
    await error.waitFor()
    expect(await error.textContent()).toBe('backup.zip: Too big: 10 MB, the limit is 10 MB')
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
    await page.screenshot({ path: `${SHOTS}/attach-too-large.png` })
    expect(await seriousAxeViolations(page)).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 500))
    const after = (await agent().chats()).find((current) => current.id === chat.id)
    expect(after?.entries.filter((entry) => entry.author === 'customer')).toHaveLength(1)
    await page.context().close()
  })

  it('falls back to a text with the link when the channel refuses customer media, shown sent', async () => {
    await channelAcceptsMedia(false)
    const { page, chat } = await start()
    await attach(page, pdf)
    await tray(page).getByText('price-list.pdf').waitFor()
    await page.getByRole('button', { name: 'Send' }).click()
    const done = await agent().waitForChat(chat.id, 'the text fallback', (current) =>
      current.entries.some(
        (entry) => entry.author === 'customer' && textOf(entry).includes('price-list.pdf'),
      ),
    )
    const fallback = done.entries.find((entry) => textOf(entry).includes('price-list.pdf'))
    expect(textOf(fallback ?? { id: '', author: '' })).toMatch(
      /^📎 price-list\.pdf \(.+\): https?:\/\/\S+\/files\/[0-9a-f]{48}\/price-list\.pdf/,
    )
    expect(done.entries.some((entry) => entry.message?.type === 'document')).toBe(false)
    const item = messageLog(page).locator('.ph-own', {
      has: page.locator('.ph-file', { hasText: 'price-list.pdf' }),
    })
    await item.waitFor()
    await item.getByText('Sent').waitFor()
    await page.context().close()
  })
})
