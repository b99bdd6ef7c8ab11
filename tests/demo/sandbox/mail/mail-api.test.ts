import { afterEach, describe, expect, it } from 'vitest'
import { createSandbox, type Sandbox } from '../../../../demo/sandbox/index'
import {
  addresses,
  createInboundTestApp,
  INBOUND_SECRET,
  type InboundTestApp,
} from '../../../server/email/inbound/inbound-app'
import { createClientId } from '../../../server/helpers/test-app'

let t: InboundTestApp | undefined
let sandbox: Sandbox | undefined
afterEach(async () => {
  await t?.cleanup()
  sandbox?.close()
  t = undefined
  sandbox = undefined
})

const INBOUND_URL = `http://porthole.test/hooks/email/${INBOUND_SECRET}`

/** An e-mail as Porthole sends a visitor about an agent's reply. */
function portholeMail(replyTo: string): Buffer {
  return Buffer.from(
    [
      'From: Northwind <chat@northwind.test>',
      'To: Maria Lopez <maria@lopez.example>',
      `Reply-To: ${replyTo}`,
      'Subject: Anna answered your question',
      'Message-ID: <m1@northwind.test>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Anna: Your order shipped yesterday.',
    ].join('\r\n'),
  )
}

function callConsole(box: Sandbox, path: string, init?: RequestInit) {
  return box.app.request(`http://localhost/console/api${path}`, init)
}

describe('the Mailbox tab’s API', () => {
  it('"Reply as the visitor" reaches the agent in the visitor’s chat through Porthole’s inbound route', async () => {
    // The backend and the sandbox call each other in memory.
    const toBackend: typeof fetch = async (input, init) =>
      (t as InboundTestApp).app.request(String(input instanceof Request ? input.url : input), init)
    sandbox = createSandbox({
      timings: { deliveryIntervalMs: 10 },
      mail: { inboundUrl: INBOUND_URL },
      fetch: toBackend,
    })
    const box = sandbox
    const channel = box.service.createChannel({
      name: 'Website',
      webhookUrl: 'http://127.0.0.1:9/hooks',
      agents: ['Anna'],
    })
    t = await createInboundTestApp({
      overrides: {
        fetch: async (input, init) =>
          box.app.request(String(input instanceof Request ? input.url : input), init),
      },
      env: { CHANNEL_URL: channel.endpoint },
    })
    const { token, visitorId } = await t.newVisitor()
    await t.request('/api/messages', {
      token,
      body: { id: createClientId(), type: 'text', text: 'Where is my order?' },
    })
    await box.mailbox.receive(portholeMail(addresses.createReplyAddress(visitorId)), {
      from: 'chat@northwind.test',
      to: ['maria@lopez.example'],
    })

    const list = await (await callConsole(box, '/mail')).json()
    expect(list).toMatchObject({
      repliesOn: true,
      smtpUrl: null,
      messages: [{ subject: 'Anna answered your question' }],
    })
    const [mail] = box.mailbox.list()
    const reply = await callConsole(box, `/mail/${mail?.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Thanks, Friday is fine.' }),
    })
    expect(await reply.json()).toEqual({ status: 200, answer: { result: 'ok', messages: 1 } })
    const [chat] = box.service.consoleState().chats
    expect(chat?.entries.map((entry) => entry.message?.text)).toEqual([
      'Where is my order?',
      'Thanks, Friday is fine.',
    ])
  })

  it('says replies are off without an inbound URL, and 404s an unknown e-mail', async () => {
    sandbox = createSandbox()
    await sandbox.mailbox.receive(portholeMail('reply+x-y@reply.northwind.test'), {
      from: undefined,
      to: [],
    })
    const [mail] = sandbox.mailbox.list()
    const off = await callConsole(sandbox, `/mail/${mail?.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello' }),
    })
    expect(off.status).toBe(409)
    expect(await off.text()).toMatch(/EMAIL_REPLY_DOMAIN/)
    expect((await callConsole(sandbox, '/mail/nope')).status).toBe(404)
    const empty = await callConsole(sandbox, `/mail/${mail?.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: ' ' }),
    })
    expect(empty.status).toBe(400)
    expect((await callConsole(sandbox, '/mail', { method: 'DELETE' })).status).toBe(204)
    expect(sandbox.mailbox.list()).toEqual([])
  })
})
