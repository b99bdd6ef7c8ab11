import { describe, expect, it } from 'vitest'
import type { Sandbox } from '../../../../demo/sandbox/index'
import { HistoryResponse } from '../../../../shared/widget-api'
import { createInProcessSandbox } from '../../support/in-process-sandbox'
import { addresses, createInboundTestApp, type InboundTestApp } from '../../support/inbound-app'
import { REPLIES, readFixtureTo } from '../../support/inbound-emails'
import { stopAfterEach } from '../../support/stop-after-each'
import { createClientId } from '../../support/test-app'

const sandboxes = stopAfterEach((sandbox: Sandbox) => sandbox.close())
const apps = stopAfterEach((t: InboundTestApp) => t.cleanup())

describe('a reply by e-mail through the sandbox', () => {
  it('reaches the agent in the same chat as the visitor’s widget messages, and the widget’s history', async () => {
    const started = createInProcessSandbox()
    sandboxes(started.sandbox)
    const box = started.sandbox
    const t = apps(
      await createInboundTestApp({
        overrides: { fetch: started.fetch },
        env: { CHANNEL_URL: started.channel.endpoint },
      }),
    )

    // The visitor writes in the widget, leaves their e-mail, and closes the tab.
    const { token, visitorId } = await t.newVisitor()
    const sent = await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'Where is my order #4411?' },
    })
    expect(sent.status).toBe(200)

    // Later they answer the e-mail about the agent's reply, with a photo.
    const address = addresses.createReplyAddress(visitorId)
    const text = await t.postMail(readFixtureTo('gmail.eml', address))
    expect(await text.json()).toEqual({ result: 'ok', messages: 1 })
    const photo = await t.postMail(readFixtureTo('iphone-photo.eml', address))
    expect(await photo.json()).toEqual({ result: 'ok', messages: 2 })

    const { chats } = box.service.consoleState()
    expect(chats).toHaveLength(1)
    const [chat] = chats
    expect(
      chat?.entries.map((entry) => [entry.author, entry.message?.type, entry.message?.text]),
    ).toEqual([
      ['customer', 'text', 'Where is my order #4411?'],
      ['customer', 'text', REPLIES['gmail.eml']],
      ['customer', 'text', REPLIES['iphone-photo.eml']],
      ['customer', 'photo', undefined],
    ])

    // The widget shows them on the visitor's next visit: they are in the conversation.
    const history = HistoryResponse.parse(await (await t.request('/api/history', { token })).json())
    expect(
      history.entries
        .filter((entry) => entry.author === 'visitor')
        .map((entry) => entry.content.type),
    ).toEqual(['text', 'text', 'text', 'photo'])
  })
})
