import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import nodemailer from 'nodemailer'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../demo/sandbox/index'
import type { MailDetail, MailReply } from '../../../demo/sandbox/mail/model'
import type { SandboxEvent } from '../../../demo/sandbox/service/events'

type Running = Awaited<ReturnType<typeof startSandbox>>
const running: Running[] = []
const servers: Server[] = []
afterEach(async () => {
  for (const sandbox of running.splice(0)) await sandbox.close()
  for (const server of servers.splice(0))
    await new Promise<void>((resolve) => server.close(() => resolve()))
})

/** A stand-in for Porthole's inbound route: keeps each raw body it is posted. */
async function inboundRoute(status = 200) {
  const bodies: { type: string | undefined; raw: Buffer }[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      bodies.push({ type: req.headers['content-type'], raw: Buffer.concat(chunks) })
      res.writeHead(status).end()
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hooks/email/s3cret`, bodies }
}

async function sandboxWithMail(inboundEmailUrl?: string) {
  const sandbox = await startSandbox({
    port: 0,
    smtpPort: 0,
    ...(inboundEmailUrl ? { inboundEmailUrl } : {}),
  })
  running.push(sandbox)
  if (!sandbox.smtpUrl) throw new Error('the sandbox started no SMTP server')
  // As Porthole sends: a user and password in SMTP_URL, plain SMTP on loopback.
  const url = new URL(sandbox.smtpUrl)
  url.username = 'porthole'
  url.password = 'secret'
  const transport = nodemailer.createTransport(url.toString())
  return { sandbox, transport }
}

const api = (sandbox: Running, path: string, init?: RequestInit) =>
  fetch(`${sandbox.url}/console/api${path}`, init)

const MISSED_REPLY = {
  from: 'Northwind shop <chat@northwind.example>',
  to: 'jo@example.com',
  replyTo: 'reply+t0ken@reply.northwind.example',
  subject: 'Anna answered your question',
  messageId: '<missed-1@porthole.example>',
  text: 'Anna: We ship abroad in 3 days.\n\nContinue the conversation: http://localhost:3000/r/x',
  html: '<p><b>Anna</b>: We ship abroad in 3 days.</p>',
  list: { unsubscribe: { url: 'http://localhost:3000/email/unsubscribe/x', comment: 'Stop' } },
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
}

describe("the sandbox's mailbox", () => {
  it('keeps every e-mail sent to its SMTP server, with envelope, headers and both parts', async () => {
    const { sandbox, transport } = await sandboxWithMail()
    const events: SandboxEvent[] = []
    sandbox.service.events.subscribe((event) => events.push(event))
    await transport.sendMail({
      ...MISSED_REPLY,
      envelope: { from: 'bounce@northwind.example', to: 'jo@example.com' },
    })

    const list = (await (await api(sandbox, '/mailbox')).json()) as {
      smtpUrl: string
      down: boolean
      canReply: boolean
      mail: { id: string; subject: string; envelopeTo: string[]; replyTo?: string }[]
    }
    expect(list).toMatchObject({ smtpUrl: sandbox.smtpUrl, down: false, canReply: false })
    expect(list.mail).toHaveLength(1)
    const [summary] = list.mail
    expect(summary).toMatchObject({
      subject: 'Anna answered your question',
      envelopeTo: ['jo@example.com'],
      replyTo: 'reply+t0ken@reply.northwind.example',
    })
    expect(events).toContainEqual({
      type: 'mail',
      mail: expect.objectContaining({ id: summary?.id }),
    })

    const detail = (await (await api(sandbox, `/mailbox/${summary?.id}`)).json()) as MailDetail
    expect(detail.envelopeFrom).toBe('bounce@northwind.example')
    expect(detail.messageId).toBe('<missed-1@porthole.example>')
    expect(detail.text).toContain('We ship abroad in 3 days.')
    expect(detail.html).toContain('<b>Anna</b>')
    const headers = new Map(detail.headers.map(([name, value]) => [name.toLowerCase(), value]))
    expect(headers.get('list-unsubscribe')).toBe(
      '<http://localhost:3000/email/unsubscribe/x> (Stop)',
    )
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const raw = await api(sandbox, `/mailbox/${summary?.id}/raw`)
    expect(raw.headers.get('content-type')).toBe('message/rfc822')
    expect(await raw.text()).toMatch(/^Content-Type: multipart\/alternative/m)
    expect(sandbox.service.consoleState().mail.map((mail) => mail.id)).toEqual([summary?.id])
  })

  it('refuses mail with 451 while it is down, and takes it again after', async () => {
    const { sandbox, transport } = await sandboxWithMail()
    const down = await api(sandbox, '/mailbox', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ down: true }),
    })
    expect(await down.json()).toMatchObject({ down: true })
    const refused = await transport.sendMail(MISSED_REPLY).then(
      () => undefined,
      (error: { responseCode?: number }) => error,
    )
    expect(refused?.responseCode).toBe(451)
    expect(sandbox.service.mailbox.list()).toHaveLength(0)
    sandbox.service.mailbox.setDown(false)
    await transport.sendMail(MISSED_REPLY)
    expect(sandbox.service.mailbox.list()).toHaveLength(1)
  })

  it("replies as the visitor: raw RFC 822 to Porthole's inbound route, threaded and quoted", async () => {
    const inbound = await inboundRoute()
    const { sandbox, transport } = await sandboxWithMail(inbound.url)
    await transport.sendMail(MISSED_REPLY)
    const [summary] = sandbox.service.mailbox.list()
    const answer = await api(sandbox, `/mailbox/${summary?.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Спасибо! And to Norway?' }),
    })
    expect((await answer.json()) as MailReply).toMatchObject({
      text: 'Спасибо! And to Norway?',
      status: 200,
    })
    expect(inbound.bodies).toHaveLength(1)
    expect(inbound.bodies[0]?.type).toBe('message/rfc822')
    const reply = await simpleParser(inbound.bodies[0]?.raw ?? Buffer.alloc(0))
    expect(reply.to && !Array.isArray(reply.to) ? reply.to.text : '').toBe(
      'reply+t0ken@reply.northwind.example',
    )
    expect(reply.from?.value[0]?.address).toBe('jo@example.com')
    expect(reply.subject).toBe('Re: Anna answered your question')
    expect(reply.inReplyTo).toBe('<missed-1@porthole.example>')
    expect(reply.text).toMatch(
      /^Спасибо! And to Norway\?\n\nOn .+, "?Northwind shop"? <chat@northwind.example> wrote:\n> Anna: We ship abroad/,
    )
    expect(sandbox.service.mailbox.list()[0]?.replies).toHaveLength(1)
  })

  it('says why a reply did not go: no route, an empty text, an unknown e-mail, a refusal', async () => {
    const { sandbox, transport } = await sandboxWithMail()
    await transport.sendMail(MISSED_REPLY)
    const [summary] = sandbox.service.mailbox.list()
    const post = (id: string, text: string) =>
      api(sandbox, `/mailbox/${id}/reply`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      })
    expect((await post(summary?.id ?? '', 'Hello')).status).toBe(409)
    expect((await post('nope', 'Hello')).status).toBe(404)

    const refusing = await inboundRoute(503)
    const other = await sandboxWithMail(refusing.url)
    await other.transport.sendMail(MISSED_REPLY)
    const id = other.sandbox.service.mailbox.list()[0]?.id ?? ''
    await expect(other.sandbox.service.mailbox.reply(id, '   ')).rejects.toThrow('Write the reply')
    const refused = await other.sandbox.service.mailbox.reply(id, 'Hello')
    expect(refused).toMatchObject({ status: 503, error: 'Porthole answered HTTP 503' })
  })
})
