import { afterEach, describe, expect, it } from 'vitest'
import { runtimeOf } from '../../../server/app'
import { linkPage } from '../../../server/email/link-page'
import { LINK_PAGE_TEXTS } from '../../../server/email/render/link-page-texts'
import { LANGUAGES } from '../../../shared/widget-api'
import { createTestConfig, createTestSettings } from '../../support/test-config'
import { directionAround } from '../support/html-tags'
import { createTestApp, type TestApp } from '../support/test-app'

// Issue 35, defect 10: the unsubscribe and confirmation pages were unstyled English
// (the browser's serif, a grey system button, no site name).
let t: TestApp | undefined
afterEach(async () => {
  t?.stop()
  if (t) await runtimeOf(t.app).email.stop()
  t = undefined
})

function start(settings: Record<string, unknown> = {}) {
  t = createTestApp({
    config: createTestConfig(
      {},
      {
        SMTP_URL: 'smtp://mail.invalid',
        EMAIL_FROM: 'Northwind Outfitters <chat@northwind.example>',
      },
    ),
    settings: createTestSettings({ color: '#aa3300', ...settings }),
  })
  return t
}

const page = async (app: TestApp, path: string, lang?: string) =>
  (await app.app.request(path, lang ? { headers: { 'accept-language': lang } } : {})).text()

describe('the pages an e-mail’s links open', () => {
  it('carry the site’s name and accent colour, in the reader’s language', async () => {
    const app = start()
    for (const path of ['/email/unsubscribe/u2.forged', '/email/confirm/c1.forged']) {
      const html = await page(app, path, 'de-DE,de;q=0.9,en;q=0.5')
      expect(html, path).toContain('<html lang="de">')
      expect(html, path).toContain('>Northwind Outfitters</p>')
      expect(html, path).toContain('border-top:4px solid #aa3300')
      expect(html, path).toContain('background:#aa3300')
    }
    expect(await page(app, '/email/unsubscribe/u2.forged', 'de')).toContain(
      LINK_PAGE_TEXTS.de.unsubscribeInvalid,
    )
    expect(await page(app, '/email/confirm/c1.forged', 'de')).toContain(
      LINK_PAGE_TEXTS.de.confirmInvalid,
    )
  })

  it('fall back to the site’s language, then English; right to left in Arabic', async () => {
    const app = start({ lang: 'ja' })
    expect(await page(app, '/email/unsubscribe/u2.forged', 'xx')).toContain('<html lang="ja">')
    const arabic = await page(app, '/email/confirm/c1.forged', 'ar')
    expect(arabic).toContain('<html lang="ar" dir="rtl">')
    expect(directionAround(arabic, 'Northwind Outfitters')).toBe('auto')
    const english = await page(start(), '/email/unsubscribe/u2.forged')
    expect(english).toContain('<html lang="en">')
    expect(english).toContain(LINK_PAGE_TEXTS.en.unsubscribeInvalid)
  })

  it('never let the site’s name or a colour that is not one into the page', () => {
    const html = linkPage(
      { lang: 'en', site: '<script>x</script>', color: 'red;}</style><script>' },
      'T',
      '',
    )
    expect(html).not.toMatch(/<script|red;/)
    expect(html).toContain('#1f6feb')
  })

  it('have their own words in every language of the e-mails', () => {
    expect(Object.keys(LINK_PAGE_TEXTS).sort()).toEqual([...LANGUAGES].sort())
    for (const lang of LANGUAGES) {
      const texts = LINK_PAGE_TEXTS[lang]
      expect(Object.keys(texts).sort(), lang).toEqual(Object.keys(LINK_PAGE_TEXTS.en).sort())
      for (const [key, text] of Object.entries(texts))
        expect(text.trim(), `${lang} ${key}`).not.toBe('')
      if (lang !== 'en')
        expect(texts.unsubscribeAsk, lang).not.toBe(LINK_PAGE_TEXTS.en.unsubscribeAsk)
    }
  })
})
