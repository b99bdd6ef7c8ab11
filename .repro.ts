import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { startDemo } from './demo/launch/start-demo'

const demo = await startDemo({ backendPort: 0, sandboxPort: 0, dataDir: mkdtempSync(join(tmpdir(), 'ph-')), timings: {deliveryIntervalMs: 200} })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
await page.goto(demo.siteUrl)
await page.waitForTimeout(1500)
await page.locator('#porthole-widget, [data-porthole]').first().waitFor({state:'attached', timeout: 5000}).catch(()=>{})
const host = page.locator('porthole-widget, #porthole').first()
await page.getByRole('button', { name: /chat|message/i }).first().click()
await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/shots/r1.png' })
const email = page.getByLabel('Email')
if (await email.count()) {
  await email.fill('jo@example.com')
  await page.getByRole('textbox', { name: 'Message' }).fill('Do you ship to Norway?')
  await page.getByRole('button', { name: 'Send message' }).click()
}
await page.waitForTimeout(4000)
await page.screenshot({ path: '/tmp/shots/r2.png' })
const chats = demo.sandbox.service.chats.list()
console.log(JSON.stringify(chats.map(c => c.entries.map(e => [e.author, e.text ?? (e.message as any)?.text ?? (e as any).botMessage])), null, 1))
await browser.close()
await demo.close()
