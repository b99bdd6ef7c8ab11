// @vitest-environment node
import { mkdirSync } from 'node:fs'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { PLAIN_HOST_CSS } from '../../../kit/fake-backend'
import { useWidgetBrowser } from '../support/browser-rig'

// Issue 35, defect 14, in Chromium: the visitor's photo is the bubble (no thick frame of
// the accent around it), file cards show their type, each refused file says why in one
// line. Screenshots for the eye: PORTHOLE_SHOTS=<folder>.

const MB = 1024 * 1024
const SHOTS = process.env.PORTHOLE_SHOTS

const LOOKS: Record<string, BrowserContextOptions & { lang?: string }> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  dark: { viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  arabic: { viewport: { width: 1280, height: 800 }, lang: 'ar' },
}

describeInBrowser('attachments’ look in Chromium', () => {
  const rig = useWidgetBrowser()
  beforeAll(() => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true })
  })

  /** A conversation where the visitor sent a photo and the agent files of several types. */
  async function conversation(look: keyof typeof LOOKS): Promise<Page> {
    const { lang, ...options } = LOOKS[look] ?? {}
    const backend = await rig.startBackend({
      hostCss: PLAIN_HOST_CSS,
      config: { theme: 'auto', greeting: undefined },
      ...(lang ? { data: `data-lang="${lang}"` } : {}),
    })
    const page = await (await rig.browser.newContext(options)).newPage()
    await page.goto(`${backend.origin}/`)
    await page.locator('.ph-launcher').click()
    const box = page.getByRole('textbox')
    const hello = lang ? 'مرحبًا، لدي سؤال عن طلبي' : 'Hi, a question about my order'
    await box.fill(hello)
    await box.press('Enter')
    await page.locator('.ph-own', { hasText: hello }).waitFor()
    const file = (name: string, size: number) => ({
      file: `${backend.origin}/media/${name}`,
      file_name: name,
      file_size: size,
    })
    for (const [name, size] of [
      ['order-4411.pdf', 182_000],
      ['price-list.xlsx', 24_500],
      ['receipts.zip', 3_400_000],
    ] as const)
      backend.agentSays({
        author: 'agent',
        name: 'Anna',
        content: { type: 'document', ...file(name, size) },
      })
    backend.agentSays({
      author: 'visitor',
      content: { type: 'document', ...file('warranty.docx', 48_000) },
    })
    backend.agentSays({
      author: 'visitor',
      content: { type: 'photo', ...file('photo.svg', 2048), width: 320, height: 200 },
    })
    await page.locator('.ph-file', { hasText: 'receipts.zip' }).waitFor()
    await expect
      .poll(() =>
        page.locator('.ph-picture img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(320)
    return page
  }

  /** The visitor's photo bubble's and picture's computed styles. */
  const photoStyle = (page: Page) =>
    page.locator('.ph-own .ph-bubble:has(.ph-picture)').evaluate((bubble) => {
      const style = getComputedStyle(bubble)
      const picture = getComputedStyle(bubble.querySelector('.ph-picture') as Element)
      return {
        padding: style.padding,
        background: style.backgroundColor,
        radius: Number.parseFloat(picture.borderTopLeftRadius),
        hairline: `${picture.outlineStyle} ${picture.outlineWidth} ${picture.outlineColor}`,
      }
    })

  it('the visitor’s photo is the bubble: no frame around it, its corners rounded, a hairline in dark only', async () => {
    const light = await photoStyle(await conversation('desktop'))
    expect(light).toMatchObject({ padding: '0px', background: 'rgba(0, 0, 0, 0)' })
    expect(light.radius).toBeGreaterThanOrEqual(12)
    expect(light.hairline).toBe('solid 1px rgba(0, 0, 0, 0)')
    const dark = await photoStyle(await conversation('dark'))
    expect(dark).toMatchObject({ padding: '0px', background: 'rgba(0, 0, 0, 0)' })
    expect(dark.hairline).toMatch(/^solid 1px rgba\(255, 255, 255, 0\.\d+\)$/)
  })

  it('file cards show their type; screenshots of each look', async () => {
    for (const look of Object.keys(LOOKS)) {
      const page = await conversation(look)
      const kinds = await page
        .locator('.ph-file svg')
        .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-kind')))
      expect(kinds).toEqual(['pdf', 'sheet', 'zip', 'doc'])
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/attachments-${look}.png` })
      // Refused files: one line each, the accepted types once.
      const chooser = page.waitForEvent('filechooser')
      await page.locator('.ph-attach').click()
      await (await chooser).setFiles([
        { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.alloc(100) },
        { name: 'holiday-video.png', mimeType: 'image/png', buffer: Buffer.alloc(12 * MB) },
        { name: 'IMG_2041.heic', mimeType: 'image/heic', buffer: Buffer.alloc(100) },
      ])
      await expect.poll(() => page.locator('.ph-tray [role=alert]').count()).toBe(3)
      expect(await page.locator('.ph-att-types').count()).toBe(1)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/refused-${look}.png` })
      await page.context().close()
    }
  })
})
