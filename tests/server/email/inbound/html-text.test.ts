import { describe, expect, it } from 'vitest'
import { htmlText } from '../../../../server/email/inbound/html-text'

// Issue 39, item 11: an HTML-only reply reached the agents with link targets
// (`javascript:` included), tracking-pixel URLs and `display:none` text.

describe('htmlText: what the reader of the e-mail saw', () => {
  it('keeps the words, blockquotes as `>` lines, no wrapping', () => {
    expect(htmlText('<p>Yes</p><blockquote>Hi</blockquote>')).toBe('Yes\n\n> Hi')
    expect(htmlText(`<p>${'word '.repeat(40)}</p>`)).not.toContain('\n')
  })

  it.each([
    ['display:none', '<div style="display:none;max-height:0;overflow:hidden">Preheader</div>'],
    [
      'display: none !important',
      '<span style="color:red; DISPLAY : NONE !important">Preheader</span>',
    ],
    ['visibility:hidden', '<span style="visibility: hidden">Preheader</span>'],
    ['mso-hide:all', '<table style="mso-hide:all"><tr><td>Preheader</td></tr></table>'],
    ['zero font size', '<span style="font-size:0px">Preheader</span>'],
    ['zero opacity', '<span style="opacity:0">Preheader</span>'],
    ['the hidden attribute', '<div hidden>Preheader</div>'],
    ['aria-hidden', '<span aria-hidden="true">Preheader</span>'],
    ['a hidden link', '<a href="https://x.example" style="display:none">Preheader</a>'],
    ['a hidden table cell', '<table><tr><td style="display:none">Preheader</td></tr></table>'],
    ['<style>', '<style>p { color: red } /* Preheader */</style>'],
    ['<script>', '<script>var Preheader = 1</script>'],
  ])('leaves out %s', (_name, hidden) => {
    const text = htmlText(`<p>Visible</p>${hidden}<p>Too</p>`)
    expect(text).not.toContain('Preheader')
    expect(text).toContain('Visible')
    expect(text).toContain('Too')
  })

  it('leaves out <head> and <title>', () => {
    expect(
      htmlText('<html><head><title>Preheader</title></head><body><p>Visible</p></body></html>'),
    ).toBe('Visible')
  })

  it('keeps elements styled but shown, with their own layout', () => {
    expect(
      htmlText('<div style="font-size: 13px; opacity: 0.8">Shown</div><p style="">Also</p>'),
    ).toBe('Shown\n\nAlso')
    expect(htmlText('<ul style="color:red"><li>one</li><li>two</li></ul>')).toBe(' * one\n * two')
  })

  it('never gives an image URL, a tracking pixel included', () => {
    const text = htmlText(
      '<p>Hi<img src="https://track.example/open.gif?u=1" width="1" height="1" alt="pixel"></p>' +
        '<p><img src="cid:logo@x" alt="Logo"> <img src="data:image/png;base64,AAAA"></p>',
    )
    expect(text.trim()).toBe('Hi')
  })

  it('keeps only http(s) and mailto link targets', () => {
    const text = htmlText(
      '<p><a href="javascript:alert(1)">one</a> <a href=" JavaScript:evil()">two</a> ' +
        '<a href="data:text/html,x">three</a> <a href="vbscript:x">four</a> ' +
        '<a href="https://shop.example/order/4411">order</a> <a href="mailto:maria@lopez.example">mail</a> ' +
        '<a href="/relative">five</a> <a href="https://same.example">https://same.example</a></p>',
    )
    expect(text).toBe(
      'one two three four order [https://shop.example/order/4411] mail [maria@lopez.example] five https://same.example',
    )
    expect(text).not.toMatch(/javascript|data:|vbscript/i)
  })

  it('reads at most MAX_HTML_CHARS of a huge body, in proportion to its size', () => {
    const text = htmlText(`<p>Start</p>${'<div>x</div>'.repeat(200_000)}<p>End</p>`)
    expect(text.startsWith('Start')).toBe(true)
    expect(text).not.toContain('End')
  })
})
