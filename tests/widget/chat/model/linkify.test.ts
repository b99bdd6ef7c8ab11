import { describe, expect, it } from 'vitest'
import { linkify, type TextLink } from '../../../../widget/chat/model/linkify'

const link = (text: string, href = text): TextLink => ({ text, href })
const links = (text: string) =>
  linkify(text).filter((part): part is TextLink => typeof part !== 'string')

describe('linkify', () => {
  it('leaves text without links as one string', () => {
    expect(linkify('Hello, how can I help?')).toEqual(['Hello, how can I help?'])
    expect(linkify('')).toEqual([])
    expect(linkify('time: 10:48, ratio 3:2')).toEqual(['time: 10:48, ratio 3:2'])
  })

  it('finds http(s) URLs with the text around them, in order', () => {
    expect(linkify('See https://example.com/a?b=1#c and http://x.org now')).toEqual([
      'See ',
      link('https://example.com/a?b=1#c'),
      ' and ',
      link('http://x.org'),
      ' now',
    ])
    expect(linkify('HTTPS://EXAMPLE.COM')).toEqual([link('HTTPS://EXAMPLE.COM')])
  })

  it('keeps trailing punctuation outside the link', () => {
    expect(linkify('Go to https://example.com.')).toEqual([
      'Go to ',
      link('https://example.com'),
      '.',
    ])
    expect(linkify('https://example.com/path?!')).toEqual([link('https://example.com/path'), '?!'])
    expect(linkify('(see https://example.com/docs), ok')).toEqual([
      '(see ',
      link('https://example.com/docs'),
      '), ok',
    ])
    expect(linkify('«https://example.com/»')).toEqual(['«', link('https://example.com/'), '»'])
    expect(linkify('https://example.com/a…')).toEqual([link('https://example.com/a'), '…'])
  })

  it('keeps balanced brackets that belong to the URL', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([
      '(',
      link('https://en.wikipedia.org/wiki/Foo_(bar)'),
      ')',
    ])
    expect(linkify('https://example.com/[1]')).toEqual([link('https://example.com/[1]')])
  })

  it('makes e-mail addresses mailto: links', () => {
    expect(linkify('Write to help@example.com, or call.')).toEqual([
      'Write to ',
      link('help@example.com', 'mailto:help@example.com'),
      ', or call.',
    ])
    expect(linkify('(anna.smith+orders@mail.example.co.uk)')).toEqual([
      '(',
      link('anna.smith+orders@mail.example.co.uk', 'mailto:anna.smith+orders@mail.example.co.uk'),
      ')',
    ])
    expect(links('Почта: иван@пример.рф.')).toEqual([
      link('иван@пример.рф', 'mailto:иван@пример.рф'),
    ])
  })

  it('does not take words with an @ that are not addresses', () => {
    for (const text of ['@anna', 'anna@', 'a@b', 'x@y.z', 'a@@b.com', 'me@example.com/path', '@@'])
      expect(linkify(text)).toEqual([text])
  })

  it('never links other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.com/file',
      'mailto:someone',
      'https://',
      'http://',
      'https:///path',
    ])
      expect(links(text)).toEqual([])
  })

  it('links a bare www. host as https, with its path, punctuation outside (issue 35, defect 16)', () => {
    expect(linkify('See www.example.com/faq.')).toEqual([
      'See ',
      link('www.example.com/faq', 'https://www.example.com/faq'),
      '.',
    ])
    expect(linkify('(WWW.Example.org)')).toEqual([
      '(',
      link('WWW.Example.org', 'https://WWW.Example.org'),
      ')',
    ])
    expect(links('«www.пример.рф/путь»')).toEqual([
      link('www.пример.рф/путь', 'https://www.пример.рф/путь'),
    ])
    expect(links('www.shop.example.co.uk:8080/a?b=1#c')).toEqual([
      link('www.shop.example.co.uk:8080/a?b=1#c', 'https://www.shop.example.co.uk:8080/a?b=1#c'),
    ])
  })

  it('leaves abbreviations, versions and www. inside words or addresses as they are', () => {
    for (const text of [
      'e.g. i.e. etc.',
      'v1.2.3 and 10.0.0.1',
      'www.',
      'www.example',
      'www.e.g.',
      'www.1.2',
      'awww.example.com',
      'my-www.example.com',
      'www.a.com@evil.example',
    ])
      expect(links(text)).toEqual([])
    expect(links('info@www.example.com')).toEqual([
      link('info@www.example.com', 'mailto:info@www.example.com'),
    ])
    expect(links('https://www.example.com/x')).toEqual([link('https://www.example.com/x')])
  })

  it('never lets a link carry a scheme other than http(s) or mailto', () => {
    expect(linkify('javascript:https://example.com')).toEqual([
      'javascript:',
      link('https://example.com'),
    ])
  })

  it('ends a URL at a quote or angle bracket (no attribute or markup can ride along)', () => {
    expect(linkify('http://a.b/"onmouseover=alert(1)')).toEqual([
      link('http://a.b/'),
      '"onmouseover=alert(1)',
    ])
    expect(linkify('<https://example.com>')).toEqual(['<', link('https://example.com'), '>'])
    expect(linkify("http://a.b/'onclick='x")).toEqual([link("http://a.b/'onclick='x")])
    expect(linkify('`https://example.com`')).toEqual(['`', link('https://example.com'), '`'])
  })

  it('finds several links in one word', () => {
    expect(linkify('https://a.example/"https://b.example/')).toEqual([
      link('https://a.example/'),
      '"',
      link('https://b.example/'),
    ])
  })

  it('handles unicode hosts, paths and text around', () => {
    expect(linkify('Адрес: https://пример.рф/путь?q=ёж — ок')).toEqual([
      'Адрес: ',
      link('https://пример.рф/путь?q=ёж'),
      ' — ок',
    ])
    expect(linkify('🎉https://example.com/😀🎉')).toEqual(['🎉', link('https://example.com/😀🎉')])
  })

  it('keeps every character: the parts joined give the text back', () => {
    const samples = [
      'See https://example.com. Or mail help@example.com!',
      '((https://a.b/c))) and "http://x.y/"z',
      '  leading and trailing  ',
      'line\nbreak https://a.b\n\tend',
    ]
    for (const text of samples)
      expect(
        linkify(text)
          .map((part) => (typeof part === 'string' ? part : part.text))
          .join(''),
      ).toBe(text)
  })

  it('leaves a URL longer than the 2048 characters a link may have as text', () => {
    const long = `https://example.com/${'a'.repeat(2100)}`
    expect(linkify(long)).toEqual([long])
    const fine = `https://example.com/${'a'.repeat(1800)}`
    expect(linkify(fine)).toEqual([link(fine)])
  })

  it('handles 4,000 characters of hostile text correctly', () => {
    const patterns = ['http://a.b/"', 'a@', '(((', ')))', 'https://', 'x.', 'a@b.', 'http://a.b/)']
    for (const pattern of patterns) {
      const text = pattern.repeat(Math.ceil(4000 / pattern.length)).slice(0, 4000)
      const parts = linkify(text)
      expect(parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')).toBe(text)
      for (const found of links(text)) expect(found.href).toMatch(/^(https?:\/\/|mailto:)/i)
    }
    expect(links('http://a.b/"'.repeat(334))).toHaveLength(334)
  })

  // Linear: a quadratic scan (a regex retried from every position, a string copied per
  // link) would take minutes on these, far past the test's timeout.
  it('stays linear on very long hostile words', () => {
    const size = 400_000
    for (const pattern of [
      'a',
      'a.',
      'a@',
      '@a.',
      'http://a.b/"',
      'https://x.',
      ')',
      'http:/',
      'www.',
      'awww.',
      'www.a"',
    ]) {
      const text = pattern.repeat(size / pattern.length)
      const parts = linkify(text)
      expect(parts.map((part) => (typeof part === 'string' ? part : part.text)).join('')).toBe(text)
    }
    const email = `${'a'.repeat(size)}@${'b.'.repeat(size / 2)}c1`
    expect(linkify(email)).toEqual([email])
  })
})
