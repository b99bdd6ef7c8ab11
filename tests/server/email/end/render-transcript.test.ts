import { describe, expect, it } from 'vitest'
import { renderTranscript, transcriptTime } from '../../../../server/email/render/render-transcript'
import { TRANSCRIPT_TEXTS } from '../../../../server/email/render/transcript-texts'
import { type ConversationEntry, LANGUAGES } from '../../../../shared/widget-api'
import { directionAround } from '../../support/html-tags'

const AT = Date.UTC(2026, 10, 25, 9, 5)
const view = {
  lang: 'en' as const,
  site: 'Northwind',
  color: '#1f6feb',
  publicUrl: 'https://chat.example',
  unsubscribeUrl: 'https://chat.example/email/unsubscribe/u2.abc',
}

const entry = (overrides: Partial<ConversationEntry>): ConversationEntry => ({
  id: String(Math.random()),
  author: 'visitor',
  content: { type: 'text', text: 'hello' },
  at: AT,
  ...overrides,
})

describe('the transcript e-mail', () => {
  it('ends with the unsubscribe link, in the text and the HTML', () => {
    const mail = renderTranscript([], view)
    expect(mail.text).toContain('Unsubscribe: https://chat.example/email/unsubscribe/u2.abc')
    expect(mail.html).toContain('href="https://chat.example/email/unsubscribe/u2.abc"')
  })

  it('carries every message with its author and time (UTC), in text and HTML', () => {
    const mail = renderTranscript(
      [
        entry({ content: { type: 'text', text: 'Where is my order?' } }),
        entry({
          author: 'agent',
          name: 'Maria',
          content: { type: 'text', text: 'It shipped' },
          at: AT + 60_000,
        }),
        entry({
          author: 'bot',
          content: { type: 'text', text: 'Anything else?' },
          at: AT + 120_000,
        }),
      ],
      view,
    )
    expect(mail.subject).toBe('Your conversation with Northwind')
    expect(mail.text).toContain('[2026-11-25 09:05] You:\nWhere is my order?')
    expect(mail.text).toContain('[2026-11-25 09:06] Maria:\nIt shipped')
    expect(mail.text).toContain('[2026-11-25 09:07] Assistant:\nAnything else?')
    expect(mail.html).toContain('It shipped')
    expect(mail.html).toContain('2026-11-25 09:06')
    expect(mail.html).toContain('<html lang="en">')
  })

  it('is in Russian for a Russian visitor', () => {
    const mail = renderTranscript(
      [entry({}), entry({ author: 'agent', content: { type: 'text', text: 'Добрый день' } })],
      { ...view, lang: 'ru' },
    )
    expect(mail.subject).toBe('Ваш разговор с Northwind')
    expect(mail.text).toContain('] Вы:\nhello')
    expect(mail.text).toContain('] Оператор:\nДобрый день')
    expect(mail.html).toContain('<html lang="ru">')
    expect(mail.text).toContain('Время указано в UTC')
  })

  it('escapes everything agents, visitors and the site owner wrote in the HTML', () => {
    const evil = '<script>alert(1)</script> & "x" \'y\''
    const mail = renderTranscript(
      [
        entry({ content: { type: 'text', text: evil } }),
        entry({
          author: 'agent',
          name: '<b>Eve</b>',
          content: { type: 'text', text: '<img src=x onerror=alert(1)>' },
        }),
        entry({
          author: 'agent',
          content: {
            type: 'document',
            file: 'javascript:alert(1)',
            file_name: '<i>a.pdf</i>',
            file_size: 10,
          } as ConversationEntry['content'],
        }),
      ],
      { ...view, site: '<Site>' },
    )
    expect(mail.html).not.toMatch(/<script|<img|<b>Eve|<i>a\.pdf|javascript:|<Site>/)
    expect(mail.html).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot; &#39;y&#39;',
    )
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;')
    expect(mail.html).toContain('about:blank')
    // The text part is plain text: left as written.
    expect(mail.text).toContain(evil)
  })

  it('says so when the conversation had no messages', () => {
    expect(renderTranscript([], view).text).toContain('(no messages)')
  })

  it('is written in every language the widget has, with the same placeholders as English', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\w+\}/g)].map(([name]) => name).sort()
    expect(Object.keys(TRANSCRIPT_TEXTS).sort()).toEqual([...LANGUAGES].sort())
    for (const lang of LANGUAGES) {
      const texts = TRANSCRIPT_TEXTS[lang]
      expect(Object.keys(texts).sort(), lang).toEqual(Object.keys(TRANSCRIPT_TEXTS.en).sort())
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${lang} ${key}`).not.toBe('')
        expect(placeholders(text), `${lang} ${key}`).toEqual(
          placeholders(TRANSCRIPT_TEXTS.en[key as keyof typeof TRANSCRIPT_TEXTS.en]),
        )
      }
      if (lang !== 'en') expect(texts.intro, lang).not.toBe(TRANSCRIPT_TEXTS.en.intro)
      const mail = renderTranscript([entry({})], { ...view, lang })
      expect(mail.text).toContain(`${texts.you}:`)
      expect(mail.subject).toBe(texts.subject.replace('{site}', 'Northwind'))
    }
  })

  it('writes Arabic, Hebrew and Persian right to left', () => {
    for (const lang of ['ar', 'he', 'fa'] as const)
      expect(renderTranscript([], { ...view, lang }).html).toContain(
        `<html lang="${lang}" dir="rtl">`,
      )
    expect(renderTranscript([], { ...view, lang: 'de' }).html).toContain('<html lang="de">')
  })

  it('lets what people wrote take its own direction in a right-to-left transcript', () => {
    const mail = renderTranscript(
      [
        entry({ content: { type: 'text', text: 'Where is my order?' } }),
        entry({
          author: 'agent',
          name: 'Maria Lopez',
          content: { type: 'text', text: 'It shipped.' },
        }),
      ],
      { ...view, lang: 'ar' },
    )
    expect(directionAround(mail.html, 'Where is my order?')).toBe('auto')
    expect(directionAround(mail.html, 'It shipped.')).toBe('auto')
    expect(directionAround(mail.html, 'Maria Lopez')).toBe('auto')
    expect(directionAround(mail.html, 'Northwind</p>')).toBe('auto')
  })

  it('writes times in UTC whatever the server zone', () => {
    expect(transcriptTime(Date.UTC(2026, 0, 2, 23, 59, 59))).toBe('2026-01-02 23:59')
  })
})
