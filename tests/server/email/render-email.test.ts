import { describe, expect, it } from 'vitest'
import { emailLanguage, visitorLanguage } from '../../../server/email/render/email-language'
import { EMAIL_TEXTS, emailTexts } from '../../../server/email/render/email-texts'
import {
  type EmailView,
  escapeHtml,
  isOwnFileUrl,
  renderEmail,
} from '../../../server/email/render/render-email'
import { type ConversationEntry, LANGUAGES } from '../../../shared/widget-api'
import { directionAround } from '../support/html-tags'

let counter = 0
function agentEntry(overrides: Partial<ConversationEntry> = {}): ConversationEntry {
  counter += 1
  return {
    id: String(counter),
    author: 'agent',
    name: 'Anna',
    content: { type: 'text', text: 'Hello' },
    at: 1_700_000_000_000,
    ...overrides,
  }
}

const view = (overrides: Partial<EmailView> = {}): EmailView => ({
  lang: 'en',
  site: 'Northwind',
  color: '#aa3300',
  continueUrl: 'https://shop.example/?resume=abc',
  unsubscribeUrl: 'https://chat.northwind.example/email/unsubscribe/t.s',
  canReply: false,
  publicUrl: 'https://chat.northwind.example',
  ...overrides,
})

describe('the missed-replies e-mail', () => {
  it('escapes everything agents wrote in the HTML, and keeps it as written in the text', () => {
    const hostile = '<script>alert("x")</script> & <img src=https://evil.example/t.gif>'
    const mail = renderEmail(
      [
        agentEntry({ name: '<b>Eve</b>', content: { type: 'text', text: hostile } }),
        agentEntry({
          content: {
            type: 'document',
            file: 'https://cdn.example/a.pdf?x="><script>',
            file_name: '"><script>.pdf',
            file_size: 2048,
          },
        }),
      ],
      view({ site: 'North<wind>' }),
    )
    expect(mail.html).not.toMatch(/<script|<b>Eve|<img src=https:\/\/evil|"><script/)
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;')
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;')
    expect(mail.html).toContain('North&lt;wind&gt;')
    expect(mail.text).toContain(hostile)
    expect(mail.text).toContain('<b>Eve</b>:')
  })

  it('shows no remote image: a photo thumbnail only when Porthole serves it', () => {
    const own = 'https://chat.northwind.example/files/f1/thumb'
    const remote = 'https://cdn.example/photo.jpg'
    const mail = renderEmail(
      [
        agentEntry({
          photo: 'https://cdn.example/avatar.png',
          content: {
            type: 'photo',
            file: own.replace('thumb', 'p.jpg'),
            thumb: own,
            file_name: 'p.jpg',
            file_size: 1000,
          },
        }),
        agentEntry({
          content: {
            type: 'photo',
            file: remote,
            thumb: remote,
            file_name: 'r.jpg',
            file_size: 1000,
          },
        }),
      ],
      view(),
    )
    const images = [...mail.html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1])
    expect(images).toEqual([own])
    expect(mail.html).toContain(`href="${remote}"`)
    expect(mail.text).toContain(`Attachment: r.jpg (1000 B): ${remote}`)
  })

  it('tells own file URLs from look-alikes', () => {
    const base = 'https://chat.northwind.example'
    expect(isOwnFileUrl(`${base}/files/x/thumb`, base)).toBe(true)
    expect(isOwnFileUrl(`${base}.evil.example/files/x`, base)).toBe(false)
    expect(isOwnFileUrl('http://chat.northwind.example/files/x', base)).toBe(false)
    expect(isOwnFileUrl(`${base}/other/x`, base)).toBe(false)
    expect(isOwnFileUrl('not a url', base)).toBe(false)
  })

  it('carries the agent’s name, the site’s name and accent colour, the resume and unsubscribe links', () => {
    const mail = renderEmail(
      [agentEntry(), agentEntry({ name: 'Boris', content: { type: 'text', text: 'Bye' } })],
      view(),
    )
    expect(mail.subject).toBe('2 new replies from Northwind')
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Anna')
      expect(part).toContain('Boris')
      expect(part).toContain('Northwind')
      expect(part).toContain('https://shop.example/?resume=abc')
      expect(part).toContain('https://chat.northwind.example/email/unsubscribe/t.s')
    }
    expect(mail.html).toContain('#aa3300')
    expect(renderEmail([agentEntry()], view()).subject).toBe('New reply from Northwind')
  })

  it('mentions answering by e-mail only when replies are on', () => {
    expect(renderEmail([agentEntry()], view()).text).not.toContain(EMAIL_TEXTS.en.replyHint)
    expect(renderEmail([agentEntry()], view({ canReply: true })).text).toContain(
      EMAIL_TEXTS.en.replyHint,
    )
  })

  it('is written in every language the widget has', () => {
    for (const lang of LANGUAGES) {
      const texts = emailTexts(lang)
      expect(
        Object.values(texts).every((text) => text.trim().length > 0),
        lang,
      ).toBe(true)
      const mail = renderEmail([agentEntry({ name: '' })], view({ lang }))
      expect(mail.html).toContain(`lang="${lang}"`)
      expect(mail.text).toContain(texts.continueLabel)
      expect(mail.text).toContain(`${texts.agent}:`)
    }
    expect(renderEmail([agentEntry()], view({ lang: 'ru' })).subject).toBe(
      'Новый ответ от Northwind',
    )
    expect(emailTexts('ru')).toBe(EMAIL_TEXTS.ru)
  })

  it('has the same placeholders as English in every language written', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\w+\}/g)].map(([name]) => name).sort()
    for (const [lang, texts] of Object.entries(EMAIL_TEXTS))
      for (const [key, text] of Object.entries(texts))
        expect(placeholders(text), `${lang} ${key}`).toEqual(
          placeholders(EMAIL_TEXTS.en[key as keyof typeof EMAIL_TEXTS.en]),
        )
    expect(Object.keys(EMAIL_TEXTS).sort()).toEqual([...LANGUAGES].sort())
  })

  it('has its own texts in every language, not English copied', () => {
    for (const lang of LANGUAGES.filter((lang) => lang !== 'en')) {
      expect(Object.keys(EMAIL_TEXTS[lang]).sort(), lang).toEqual(
        Object.keys(EMAIL_TEXTS.en).sort(),
      )
      expect(EMAIL_TEXTS[lang].continueLabel, lang).not.toBe(EMAIL_TEXTS.en.continueLabel)
      expect(EMAIL_TEXTS[lang].intro, lang).not.toBe(EMAIL_TEXTS.en.intro)
    }
  })

  it('writes Persian right to left too', () => {
    expect(renderEmail([agentEntry()], view({ lang: 'fa' })).html).toContain(
      '<html lang="fa" dir="rtl">',
    )
  })

  it('writes Arabic and Hebrew right to left', () => {
    expect(renderEmail([agentEntry()], view({ lang: 'ar' })).html).toContain(
      '<html lang="ar" dir="rtl">',
    )
    expect(renderEmail([agentEntry()], view({ lang: 'he' })).html).toContain('dir="rtl"')
    expect(renderEmail([agentEntry()], view({ lang: 'ja' })).html).not.toContain('dir="rtl"')
  })

  it('lets what people wrote take its own direction in a right-to-left e-mail', () => {
    const mail = renderEmail(
      [
        agentEntry({ name: 'Anna Smith', content: { type: 'text', text: 'Your order shipped.' } }),
        agentEntry({
          name: 'Anna Smith',
          content: {
            type: 'document',
            file: 'https://cdn.example/a.pdf',
            file_name: 'invoice.pdf',
            file_size: 10,
          },
        }),
      ],
      view({ lang: 'ar', site: 'Northwind Outfitters' }),
    )
    expect(directionAround(mail.html, 'Your order shipped.')).toBe('auto')
    expect(directionAround(mail.html, 'invoice.pdf')).toBe('auto')
    expect(directionAround(mail.html, 'Anna Smith')).toBe('auto')
    expect(directionAround(mail.html, 'Northwind Outfitters</p>')).toBe('auto')
  })

  it('keeps line breaks out of the subject', () => {
    expect(
      renderEmail([agentEntry()], view({ site: 'A\r\nBcc: x@y.example' })).subject,
    ).not.toMatch(/[\r\n]/)
  })

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})

describe('the e-mail’s language', () => {
  it('is the visitor’s, else the widget’s, else the default, else English; only the widget’s languages', () => {
    expect(emailLanguage({ visitor: 'ru', widget: 'en' })).toBe('ru')
    expect(emailLanguage({ visitor: undefined, widget: 'ru' })).toBe('ru')
    expect(emailLanguage({ defaultLang: 'ru-RU' })).toBe('ru')
    expect(emailLanguage({ visitor: 'de', defaultLang: 'fr' })).toBe('de')
    expect(emailLanguage({ visitor: 'tlh', defaultLang: 'xx' })).toBe('en')
  })

  it('is read from Accept-Language: the most wanted one the widget has', () => {
    expect(visitorLanguage('tlh-KL, ru;q=0.8, en;q=0.5')).toBe('ru')
    expect(visitorLanguage('de-DE, ru;q=0.8')).toBe('de')
    expect(visitorLanguage('en-GB')).toBe('en')
    expect(visitorLanguage('tlh')).toBeUndefined()
    expect(visitorLanguage(undefined)).toBeUndefined()
  })
})

describe('links in the e-mail', () => {
  it('are http(s) only: a javascript: resume link from a faulty generator becomes inert', () => {
    const mail = renderEmail([agentEntry()], view({ continueUrl: 'javascript:alert(1)' }))
    expect(mail.html).not.toContain('javascript:')
    expect(mail.html).toContain('href="about:blank"')
  })
})
