// The README's pictures of the demo as a new user sees it (issue 35):
// `npm run build && npx tsx scripts/screenshots/demo.ts [outDir]` writes demo-site.png
// (the shop with the launcher, nobody online) and demo-chat.png (a conversation: the
// bot's answer, the handover, Anna's reply, a photo, a document and Anna typing) to
// docs/images/ by default. The demo on free ports with its own settings, Chromium at
// /usr/bin/chromium (CHROMIUM_PATH).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createDocument, createPhoto, createText } from '../../kit/agent-messages'
import { startDemoRig } from './demo-rig'

const OUT = process.argv[2] ?? join(import.meta.dirname, '../../docs/images')
const dataDir = mkdtempSync(join(tmpdir(), 'porthole-demo-shots-'))
const { demo, browser, agent, close } = await startDemoRig({ dataDir })
const widget = (page: Page) => page.locator('porthole-widget')

async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox').first()
  await box.fill(text)
  await box.press('Enter')
  await widget(page).locator('.ph-own .ph-bubble', { hasText: text }).waitFor()
}

try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(demo.siteUrl)
  await widget(page).locator('.ph-launcher[aria-label*="Leave a message"]').waitFor()
  await page.waitForTimeout(800)
  await page.screenshot({ path: join(OUT, 'demo-site.png') })

  await agent.setOnline('Anna', true)
  await widget(page).locator('.ph-launcher[aria-label*="online" i]').waitFor({ timeout: 30_000 })
  await widget(page).locator('.ph-launcher').click()
  await page.getByRole('textbox').first().waitFor()
  await say(page, 'What are your opening hours?')
  await widget(page).locator('.ph-bubble').nth(2).waitFor()
  await say(page, 'I want to talk to a person')
  const chat = await agent.chatWith('I want to talk to a person')
  await agent.join(chat.id, 'Anna')
  await agent.send(chat.id, 'Anna', createText('Hi, Anna here! Here is the lake by our campsite.'))
  await agent.send(chat.id, 'Anna', createPhoto(demo.siteUrl))
  await agent.send(chat.id, 'Anna', createDocument(demo.siteUrl))
  await widget(page).getByRole('img', { name: 'The lake by the campsite' }).waitFor()
  await agent.send(chat.id, 'Anna', { type: 'typein' })
  await widget(page).getByText('Anna is typing…').waitFor()
  await page.getByRole('textbox').first().fill('Great, thanks!')
  await page.waitForTimeout(1200)
  await page.screenshot({ path: join(OUT, 'demo-chat.png') })
  await context.close()
} finally {
  await close()
  rmSync(dataDir, { recursive: true, force: true })
}
