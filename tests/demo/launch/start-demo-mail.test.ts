import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEMO_REPLY_DOMAIN, startDemo } from '../../../demo/launch/start-demo'
import type { MailDetail, MailReply } from '../../../demo/sandbox/mail/model'
import { findRepoRoot } from '../../../server/assets/repo-root'
import { createLogger } from '../../../server/logging/logger'
import { SessionResponse } from '../../../shared/widget-api'
import { REAL_WORK } from '../../support/timeouts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

// The demo's settings e-mail an unread reply after 20 s (demo/porthole.config.json): the
// e-mail is waited for that long and a sweep more, whatever the machine's speed.
const MAIL_WAIT = { timeout: 60_000, interval: 250 }

describe('npm start: the whole e-mail loop on one machine', () => {
  it('an unread agent reply is e-mailed to the sandbox; the reply by e-mail reaches the agent; the link resumes', async () => {
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
    expect(backend.config.email).toBeDefined()
    // One name for the shop: the e-mails' sender is the widget's title (issue 35, defect 17).
    const settings = JSON.parse(
      readFileSync(join(findRepoRoot(), 'demo/porthole.config.json'), 'utf8'),
    )
    expect(backend.config.email?.fromName).toBe(settings.title)
    expect(backend.config.inboundEmail?.replyDomain).toBe(DEMO_REPLY_DOMAIN)
    expect(demo.sandbox.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/)

    // A visitor leaves a question with their address, and closes the tab.
    const headers = { 'content-type': 'application/json', origin: backend.url }
    const session = SessionResponse.parse(
      await (
        await fetch(`${backend.url}/api/session`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ contact: { email: 'maria@lopez.example' } }),
        })
      ).json(),
    )
    const auth = { ...headers, authorization: `Bearer ${session.token}` }
    const sent = await fetch(`${backend.url}/api/messages`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ id: 'demo-mail-0001', type: 'text', text: 'Do you ship to Norway?' }),
    })
    expect(sent.status).toBeLessThan(300)
    const { service } = demo.sandbox
    const chat = await vi.waitFor(() => {
      const found = service.chats
        .list()
        .find((candidate) =>
          candidate.entries.some((e) => e.message?.text === 'Do you ship to Norway?'),
        )
      if (!found) throw new Error('the question has not reached the agents yet')
      return found
    }, REAL_WORK)

    // Anna answers; nobody reads it.
    const anna = service.listAgents().find((agent) => agent.name === 'Anna')
    const { delivery } = service.sendAgentMessage(chat.id, {
      agentId: anna?.id,
      message: { type: 'text', text: 'Yes: 5 to 10 working days to Norway.' },
    })
    expect((await delivery).status).toBe('delivered')

    // The first e-mail to the address typed asks to confirm it: nothing of the reply in it.
    const detailOf = async (id: string) =>
      (await (await fetch(`${demo.sandbox.url}/console/api/mailbox/${id}`)).json()) as MailDetail
    const ask = await vi.waitFor(() => {
      const [first] = service.mailbox.list()
      if (!first) throw new Error('no e-mail yet')
      return first
    }, MAIL_WAIT)
    expect(ask.envelopeTo).toEqual(['maria@lopez.example'])
    expect(ask.replyTo).toBeUndefined()
    const askText = (await detailOf(ask.id)).text ?? ''
    expect(askText).not.toContain('Norway')
    const confirm = /https?:\/\/\S+\/email\/confirm\/[\w.-]+/.exec(askText)?.[0]
    expect(confirm).toBeDefined()
    // Its link shows a page whose button confirms (a POST, as the page's form sends).
    expect((await fetch(confirm ?? '')).status).toBe(200)
    expect((await fetch(confirm ?? '', { method: 'POST' })).status).toBe(200)

    // Then the reply itself lands in the mailbox, with the reply address and the links.
    const summary = await vi.waitFor(() => {
      const mails = service.mailbox.list()
      if (mails.length < 2 || !mails[0]) throw new Error('no reply e-mail yet')
      return mails[0]
    }, MAIL_WAIT)
    expect(summary.envelopeTo).toEqual(['maria@lopez.example'])
    expect(summary.replyTo).toMatch(new RegExp(`^reply\\+[^@]+@${DEMO_REPLY_DOMAIN}$`))
    const mail = await detailOf(summary.id)
    expect(mail.text).toContain('Yes: 5 to 10 working days to Norway.')
    const header = (name: string) => mail.headers.find(([key]) => key.toLowerCase() === name)?.[1]
    expect(header('list-unsubscribe')).toMatch(/email\/unsubscribe\//)
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    // One e-mail each, not one per sweep.
    expect(service.mailbox.list()).toHaveLength(2)

    // The visitor answers the e-mail: the agents see it in the same chat.
    const answer = await fetch(`${demo.sandbox.url}/console/api/mailbox/${summary.id}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Great, I will order the tent.' }),
    })
    expect(((await answer.json()) as MailReply).status).toBe(200)
    await vi.waitFor(() => {
      const texts = service.chats.get(chat.id).entries.map((entry) => entry.message?.text)
      expect(texts).toContain('Great, I will order the tent.')
    }, REAL_WORK)

    // The e-mail's "Continue the conversation" link opens the site on this conversation.
    const link = /https?:\/\/\S+\/r\/[\w.-]+/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    const opened = await fetch(link ?? '', { redirect: 'manual' })
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toMatch(/#porthole-resume=/)
  }, 120_000)
})
