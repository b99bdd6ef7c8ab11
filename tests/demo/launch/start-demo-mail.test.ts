import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_REPLY_DOMAIN, startDemo } from '../../../demo/launch/start-demo'
import { replyToOf } from '../../../server/email/reply-address'
import { createLogger } from '../../../server/logging/logger'
import { SessionResponse } from '../../../shared/widget-api'
import { sendSmtp } from '../sandbox/mail/smtp-client'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('startDemo and e-mail', () => {
  it('points SMTP_URL at the sandbox’s mailbox and its "Reply as the visitor" at the backend', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'porthole-demo-mail-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const demo = await startDemo({
      backendPort: 0,
      sandboxPort: 0,
      dataDir,
      timings: { deliveryIntervalMs: 50 },
      logger: createLogger({ level: 'error', write: () => {} }),
    })
    cleanups.push(() => demo.close())
    const backend = demo.backend
    if (!backend) throw new Error('the backend did not start')
    expect(backend.config.inboundEmail?.replyDomain).toBe(DEMO_REPLY_DOMAIN)
    const smtp = new URL(demo.smtpUrl)
    expect(smtp.protocol).toBe('smtp:')
    expect(Number(smtp.port)).toBe(demo.sandbox.smtpPort)

    // A visitor chats, then gets an e-mail (as the backend's mailer sends it) and replies.
    const session = SessionResponse.parse(
      await (
        await fetch(`${backend.url}/api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: backend.url },
          body: '{}',
        })
      ).json(),
    )
    const sent = await fetch(`${backend.url}/api/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: backend.url,
        authorization: `Bearer ${session.token}`,
      },
      body: JSON.stringify({ id: 'demo-mail-0001', type: 'text', text: 'Hello from the widget' }),
    })
    expect(sent.status).toBeLessThan(300)
    const replyTo = replyToOf(backend.config)?.(session.visitorId)
    await sendSmtp(
      Number(smtp.port),
      { from: 'chat@northwind.test', to: 'maria@lopez.example', login: ['demo', 'demo'] },
      `From: Northwind <chat@northwind.test>\nTo: maria@lopez.example\nReply-To: ${replyTo}\nSubject: Anna answered\nMessage-ID: <x1@northwind.test>\n\nAnna: it shipped.`,
    )
    const [mail] = demo.sandbox.mailbox.list()
    expect(mail?.replyTo).toBe(replyTo)
    const reply = await fetch(`${demo.consoleUrl}console/api/mail/${mail?.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Great, thanks!' }),
    })
    expect(await reply.json()).toEqual({ status: 200, answer: { result: 'ok', messages: 1 } })
    const chat = demo.sandbox.service
      .consoleState()
      .chats.find((candidate) =>
        candidate.entries.some((entry) => entry.message?.text === 'Hello from the widget'),
      )
    expect(chat?.entries.map((entry) => entry.message?.text).filter(Boolean)).toEqual(
      expect.arrayContaining(['Hello from the widget', 'Great, thanks!']),
    )
  })
})
