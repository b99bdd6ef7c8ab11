import { describe, expect, it } from 'vitest'
import { HttpUrl, isHttpUrl } from '../../shared/url'

describe('isHttpUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/a/b?c=d#e',
    'HTTPS://EXAMPLE.COM/',
    'https://user@example.com:8443/x',
    'http://127.0.0.1:3000/hooks',
    'https://xn--e1afmkfd.xn--p1ai/',
  ])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true)
  })

  it.each([
    ['javascript:alert(1)', 'script URL'],
    ['JAVASCRIPT:alert(1)', 'script URL in capitals'],
    ['JaVaScRiPt:alert(1)', 'script URL in mixed case'],
    ['data:text/html,<b>hi</b>', 'data URL'],
    ['vbscript:msgbox(1)', 'vbscript URL'],
    ['http:/x', 'one slash'],
    ['http:x', 'no slashes'],
    ['https://', 'no host'],
    [' https://x', 'leading whitespace'],
    ['\thttps://x', 'leading tab'],
    ['//x', 'protocol-relative'],
    ['/relative/path', 'relative path'],
    ['ftp://example.com/file', 'another scheme'],
    ['file:///etc/passwd', 'file URL'],
    ['https://exa mple.com', 'space in host'],
    ['', 'empty'],
  ])('rejects %j (%s)', (url) => {
    expect(isHttpUrl(url)).toBe(false)
  })
})

describe('HttpUrl', () => {
  it('accepts an http(s) URL and returns it unchanged', () => {
    expect(HttpUrl.parse('https://example.com/a.png')).toBe('https://example.com/a.png')
  })

  it('accepts 2048 characters and rejects longer', () => {
    const base = 'https://example.com/'
    expect(HttpUrl.safeParse(base + 'a'.repeat(2048 - base.length)).success).toBe(true)
    const result = HttpUrl.safeParse(base + 'a'.repeat(2049 - base.length))
    expect(result.error?.issues[0]?.message).toBe('must be at most 2048 characters')
  })

  it.each(['javascript:alert(1)', '//x', 42, null])('rejects %j with a clear message', (value) => {
    const result = HttpUrl.safeParse(value)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/http|string/)
  })
})
