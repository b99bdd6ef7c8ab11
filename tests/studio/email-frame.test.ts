import { describe, expect, it } from 'vitest'
import { frameHtml } from '../../studio/src/sections/email-frame'

describe('frameHtml', () => {
  it('sets every style attribute aside, so the studio’s CSP has none to refuse', () => {
    const html =
      '<body style="margin:0"><p style="color:#1a1a1a">Hi</p><a href="x" style="color:red">Go</a></body>'
    const framed = frameHtml(html)
    expect(framed).not.toMatch(/\sstyle="/)
    expect(framed).toBe(
      '<body data-porthole-style="margin:0"><p data-porthole-style="color:#1a1a1a">Hi</p><a href="x" data-porthole-style="color:red">Go</a></body>',
    )
  })

  it('leaves escaped text that only looks like an attribute alone', () => {
    const html = '<p style="margin:0">write style=&quot;x&quot; here</p>'
    expect(frameHtml(html)).toBe(
      '<p data-porthole-style="margin:0">write style=&quot;x&quot; here</p>',
    )
  })
})
