// @vitest-environment node
import { mkdirSync } from 'node:fs'
import { beforeAll, expect, it } from 'vitest'
import { describeInBrowser } from '../../../kit/chromium'
import { widgetViolations } from '../../support/animations'
import { pageProblems, useWidgetBrowser } from '../support/browser-rig'

const SHOTS = '/tmp/shots'

// Arabic and Japanese widgets in Chromium on a left-to-right English page: desktop, phone
// and dark, with the screenshots kept in /tmp/shots to look at.
describeInBrowser('the widget in Arabic and Japanese, in Chromium', () => {
  const rig = useWidgetBrowser()
  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true })
  })

  const cases = [
    { lang: 'ar', open: 'فتح المحادثة', close: 'إغلاق المحادثة', send: 'إرسال', dir: 'rtl' },
    { lang: 'ja', open: 'チャットを開く', close: 'チャットを閉じる', send: '送信', dir: 'ltr' },
  ] as const
  const looks = [
    { look: 'desktop', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
    { look: 'phone', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
    { look: 'dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  ] as const

  for (const { lang, open, close, send, dir } of cases)
    for (const { look, viewport, colorScheme } of looks)
      it(`${lang}, ${look}: laid out ${dir}, in ${lang}, axe clean`, async () => {
        const backend = await rig.startBackend({
          data: `data-lang="${lang}"`,
          html: 'lang="en" dir="ltr"',
          config: { theme: 'auto', greeting: undefined },
        })
        const context = await rig.browser.newContext({
          viewport,
          colorScheme,
          isMobile: look === 'phone',
        })
        const page = await context.newPage()
        const problems = pageProblems(page, [])
        await page.goto(`${backend.origin}/`)
        const launcher = page.getByRole('button', { name: open })
        await launcher.waitFor()
        const frame = page.locator('porthole-widget .ph-frame')
        expect(await frame.getAttribute('dir')).toBe(dir)
        expect(await frame.getAttribute('lang')).toBe(lang)
        await page.screenshot({ path: `${SHOTS}/i18n-${lang}-${look}-closed.png` })
        await launcher.click()
        const dialog = page.getByRole('dialog')
        await dialog.getByRole('button', { name: close }).waitFor()
        const box = dialog.getByRole('textbox')
        await box.fill(
          lang === 'ar' ? 'مرحبًا، لدي سؤال عن طلبي' : 'こんにちは、注文について質問があります',
        )
        await dialog.getByRole('button', { name: send }).click()
        backend.agentSays({
          author: 'agent',
          name: lang === 'ar' ? 'سارة' : '佐藤',
          content: {
            type: 'text',
            text:
              lang === 'ar'
                ? 'أهلًا! كيف يمكنني مساعدتك؟'
                : 'こんにちは！どのようなご用件でしょうか？',
          },
        })
        await dialog.getByText(lang === 'ar' ? 'أهلًا!' : 'こんにちは！', { exact: false }).waitFor()
        // The visitor's message on the inline end: the right in Japanese, the left in Arabic.
        const mine = await dialog
          .getByText(lang === 'ar' ? 'مرحبًا' : 'こんにちは、', { exact: false })
          .boundingBox()
        const theirs = await dialog
          .getByText(lang === 'ar' ? 'أهلًا!' : 'こんにちは！', { exact: false })
          .boundingBox()
        if (!mine || !theirs) throw new Error('the messages are not on screen')
        expect(mine.x < theirs.x).toBe(dir === 'rtl')
        await page.screenshot({ path: `${SHOTS}/i18n-${lang}-${look}-open.png` })
        expect(await widgetViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21aa'] })).toEqual(
          [],
        )
        expect(problems).toEqual([])
        await context.close()
      })
})
