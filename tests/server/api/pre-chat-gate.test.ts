import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../shared/protocol/errors'
import { preChatConsentVersion } from '../../../shared/settings/pre-chat'
import { createTestSettings } from '../../support/test-config'
import { createFakeService } from '../support/fake-service'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
afterEach(() => t?.stop())

const PRE_CHAT = {
  fields: ['name', 'email', 'consent'],
  required: ['email'],
  consentText: { en: 'I agree to the privacy policy.' },
  consentUrl: 'https://shop.example/privacy',
}
const VERSION = preChatConsentVersion(PRE_CHAT.consentText, PRE_CHAT.consentUrl)

function start(preChat: Record<string, unknown> = PRE_CHAT, online = true) {
  const service = createFakeService({ status: { status: 200, body: online ? '1' : '0' } })
  t = createTestApp({ settings: createTestSettings({ preChat }) }, service)
  return t
}

const message = (token: string, id: string, text = 'Hello') =>
  t.request('/api/messages', { token, body: { type: 'text', id, text } })

describe('POST /api/messages with a pre-chat form', () => {
  it('refuses a first message without the required fields (409 pre_chat_required), storing nothing', async () => {
    start()
    const { token, visitorId } = await t.newVisitor()
    const res = await message(token, 'first-message-1')
    expect(res.status).toBe(409)
    const { error } = ErrorBody.parse(await res.json())
    expect(error.code).toBe('pre_chat_required')
    expect(error.message).toMatch(/email, consent/)
    expect(t.service.messages()).toHaveLength(0)
    expect(await t.deps.store.readBefore(visitorId, undefined, 10)).toEqual([])
  })

  it('takes it once the contact and the consent are given, and later messages too', async () => {
    start()
    const { token } = await t.newVisitor()
    expect((await message(token, 'first-message-1')).status).toBe(409)
    const session = await t.request('/api/session', {
      body: { token, contact: { email: 'ann@example.com' } },
    })
    expect(session.status).toBe(200)
    // The e-mail alone is not enough: the consent checkbox is required when shown.
    const noConsent = await message(token, 'first-message-2')
    expect(noConsent.status).toBe(409)
    expect(ErrorBody.parse(await noConsent.json()).error.message).toMatch(/for consent before/)
    const agreed = await t.request('/api/visitor/consent', { token, body: { version: VERSION } })
    expect(agreed.status).toBe(204)
    expect((await message(token, 'first-message-3')).status).toBe(200)
    expect((await message(token, 'second-message')).status).toBe(200)
    expect(t.service.messages()).toHaveLength(2)
  })

  it('refuses the consent of another text (the consent step’s, or an older version)', async () => {
    start({ ...PRE_CHAT, required: [] })
    const { token } = await t.newVisitor()
    await t.request('/api/visitor/consent', { token, body: { version: 'v1' } })
    expect((await message(token, 'first-message-1')).status).toBe(409)
  })

  it('lets a conversation in progress go on when the form is turned on', async () => {
    start({ fields: [] })
    const { token } = await t.newVisitor()
    expect((await message(token, 'first-message-1')).status).toBe(200)
    const app = createTestApp(
      { settings: createTestSettings({ preChat: PRE_CHAT }), store: t.deps.store },
      t.service,
    )
    const res = await app.request('/api/messages', {
      token,
      body: { type: 'text', id: 'second-message', text: 'More' },
    })
    app.stop()
    expect(res.status).toBe(200)
  })

  it('asks nothing while nobody is online: the offline form starts the conversation', async () => {
    start(PRE_CHAT, false)
    const { token } = await t.newVisitor()
    expect((await message(token, 'first-message-1')).status).toBe(200)
  })

  it('asks nothing without the form', async () => {
    start({ fields: [] })
    const { token } = await t.newVisitor()
    expect((await message(token, 'first-message-1')).status).toBe(200)
  })
})
