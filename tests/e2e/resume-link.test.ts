import { expect, it } from 'vitest'
import { agentConsole } from '../../kit/agent-console'
import { createText } from '../../kit/agent-messages'
import { describeInBrowser } from '../../kit/chromium'
import { runtimeOf } from '../../server/app'
import { createResumeLinks } from '../../server/email/resume-link'
import { EN_RESUME_NOTES } from '../../widget/chat/engine/resume-strings'
import { newVisitor } from '../support/browser'
import { useBrowserDemo } from '../support/browser-demo'
import { bubble, composer, messageLog, say } from '../support/widget-page'
import { askAgent, visitWithChatOpen } from './support/visitor'

const DAY = 86_400_000
const EXPIRED_NOTE = EN_RESUME_NOTES.expired
const USED_NOTE = EN_RESUME_NOTES.used
const ASK = EN_RESUME_NOTES.ask
const YES = EN_RESUME_NOTES.yes
const SIGNED_OUT_NOTE = EN_RESUME_NOTES.signedOut

describeInBrowser('the e-mail’s resume link', () => {
  const e2e = useBrowserDemo({ onlineAgent: 'Anna' })

  /** The running backend (its runtime makes links as the mailer does). */
  function backend() {
    const running = e2e.demo.backend
    if (!running) throw new Error('the demo backend is not running')
    return running
  }

  /** A conversation on one browser: the visitor asked, Anna answered. Its visitor id. */
  async function conversationOnPhone(question: string, answer: string) {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context: phone, page } = await visitWithChatOpen(
      e2e.browser,
      `${e2e.demo.siteUrl}?from=phone`,
    )
    const chat = await askAgent(agent, page, question)
    await agent.send(chat.id, 'Anna', createText(answer))
    await bubble(page, answer).waitFor()
    const texts = await messageLog(page).locator('.ph-bubble').allTextContents()
    await phone.close()
    return { chat, texts }
  }

  it('opened in another browser shows every message of the conversation, and the visitor writes on in it, once', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { chat, texts } = await conversationOnPhone(
      'Resume test: is the blue tent waterproof?',
      'Yes, up to 3000 mm.',
    )
    const url = await runtimeOf(backend().app).resume.createResumeUrl({ visitorId: chat.clientId })
    expect(url.startsWith(`${e2e.demo.siteUrl}r/`)).toBe(true)

    const laptop = await newVisitor(e2e.browser)
    const page = await laptop.newPage()
    await page.goto(url)
    // The page the visitor wrote from, the token gone from the address bar.
    await composer(page).waitFor({ state: 'visible', timeout: 20_000 })
    await expect.poll(() => page.url()).toBe(`${e2e.demo.siteUrl}?from=phone`)
    for (const text of texts) await bubble(page, text).waitFor()
    expect(await messageLog(page).locator('.ph-bubble').allTextContents()).toEqual(texts)
    expect(await page.locator('porthole-widget .ph-notice').count()).toBe(0)

    const same = await askAgent(agent, page, 'Resume test: great, I will order it')
    expect(same.id).toBe(chat.id)
    expect(same.clientId).toBe(chat.clientId)

    // The link works once: another browser opening it is told so and sees nothing of it.
    const again = await newVisitor(e2e.browser)
    const second = await again.newPage()
    await second.goto(url)
    await second.locator('porthole-widget .ph-notice', { hasText: USED_NOTE }).waitFor({
      timeout: 20_000,
    })
    expect(await bubble(second, 'Resume test: great, I will order it').count()).toBe(0)
    await laptop.close()
    await again.close()
  })

  it('sent by someone else to a visitor with a conversation asks first; the sender never reads on', async () => {
    const site = e2e.demo.siteUrl
    const api = async (path: string, init: { token?: string; body?: unknown } = {}) =>
      fetch(`${site}api/${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: {
          origin: new URL(site).origin,
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      })
    const historyOf = async (token: string) => {
      const res = await api('history', { token })
      if (res.status !== 200) return res.status
      const body = (await res.json()) as { entries: { content: { text?: string } }[] }
      return body.entries.map((entry) => entry.content.text ?? '')
    }
    // The attacker's own conversation and the link a missed-reply e-mail gave them.
    const attacker = (await (await api('session', { body: {} })).json()) as {
      visitorId: string
      token: string
    }
    const sent = await api('messages', {
      token: attacker.token,
      body: { id: 'attack0000000001', type: 'text', text: 'Resume test: attacker here' },
    })
    expect(sent.status).toBe(200)
    const link = await runtimeOf(backend().app).resume.createResumeUrl({
      visitorId: attacker.visitorId,
    })

    // The victim has a conversation of their own when they open the link sent to them.
    const { context: victim, page } = await visitWithChatOpen(e2e.browser, site)
    await say(page, 'Resume test: victim asks')
    // Stored here and at the backend before the link opens (on a busy machine the page
    // could otherwise leave before the device's conversation is saved).
    await messageLog(page).getByText('Sent').waitFor()
    await page.goto(link)
    const prompt = page.locator('porthole-widget .ph-resume')
    await prompt.getByText(ASK).waitFor({ timeout: 20_000 })
    await bubble(page, 'Resume test: victim asks').waitFor()
    await prompt.getByRole('button', { name: 'Keep this one' }).click()
    await say(page, 'Resume test: my card is 4111')
    // The sender's token reads their own conversation only.
    await bubble(page, 'Resume test: my card is 4111').waitFor()
    const read = await historyOf(attacker.token)
    expect(read).toContain('Resume test: attacker here')
    expect(read).not.toContain('Resume test: my card is 4111')
    expect(read).not.toContain('Resume test: victim asks')

    // Opened again, and this time the visitor says yes: the sender is signed out.
    await page.goto(link)
    await page.locator('porthole-widget .ph-resume').getByText(ASK).waitFor({ timeout: 20_000 })
    await page.locator('porthole-widget .ph-resume').getByRole('button', { name: YES }).click()
    await bubble(page, 'Resume test: attacker here').waitFor({ timeout: 20_000 })
    expect(await bubble(page, 'Resume test: my card is 4111').count()).toBe(0)
    await expect.poll(() => historyOf(attacker.token)).toBe(401)
    await victim.close()
  })

  it('moves the conversation: the browser it left shows a new one with a note, and keeps working', async () => {
    const agent = agentConsole(e2e.demo.sandbox.url)
    const { context: phone, page: left } = await visitWithChatOpen(e2e.browser, e2e.demo.siteUrl)
    const chat = await askAgent(agent, left, 'Resume test: written on the phone')
    const link = await runtimeOf(backend().app).resume.createResumeUrl({
      visitorId: chat.clientId,
    })
    const laptop = await newVisitor(e2e.browser)
    const page = await laptop.newPage()
    await page.goto(link)
    await bubble(page, 'Resume test: written on the phone').waitFor({ timeout: 20_000 })
    // The phone's stream was ended: it starts over, once, and says why.
    await left
      .locator('porthole-widget :is(.ph-notice, .ph-home-notice)', { hasText: SIGNED_OUT_NOTE })
      .waitFor({ timeout: 20_000 })
    expect(await bubble(left, 'Resume test: written on the phone').count()).toBe(0)
    const fresh = await askAgent(agent, left, 'Resume test: a new question on the phone')
    expect(fresh.clientId).not.toBe(chat.clientId)
    await phone.close()
    await laptop.close()
  })

  it('that expired or was tampered with shows a new conversation with a note, never the old one', async () => {
    const { chat } = await conversationOnPhone(
      'Resume test: my private question',
      'Private answer.',
    )
    const { config } = backend()
    // A link made eight days ago (links last 7 days by default).
    const old = createResumeLinks({
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
      store: backend().store,
      now: () => Date.now() - 8 * DAY,
      sessionTtlMs: config.sessionTtlMs,
      allowedOrigins: config.allowedOrigins,
    })
    const expired = await old.createResumeUrl({ visitorId: chat.clientId })
    const good = await runtimeOf(backend().app).resume.createResumeUrl({
      visitorId: chat.clientId,
    })
    const tampered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`

    for (const url of [expired, tampered]) {
      const context = await newVisitor(e2e.browser)
      const page = await context.newPage()
      await page.goto(url)
      await page.locator('porthole-widget .ph-notice', { hasText: EXPIRED_NOTE }).waitFor({
        timeout: 20_000,
      })
      expect(page.url()).not.toContain('porthole-resume')
      expect(await bubble(page, 'Resume test: my private question').count()).toBe(0)
      expect(await bubble(page, 'Private answer.').count()).toBe(0)
      // A new conversation: the visitor can write in it.
      await say(page, `Resume test: a new question (${url === expired ? 'expired' : 'tampered'})`)
      await bubble(
        page,
        `Resume test: a new question (${url === expired ? 'expired' : 'tampered'})`,
      ).waitFor()
      await context.close()
    }
  })
})
