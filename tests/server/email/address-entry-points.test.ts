import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newBotChat } from '../../../server/bot/bot-chat'
import { findContact, findMalformedEmail } from '../../../server/bot/contact'
import { decide } from '../../../server/bot/decide'
import { createMatcher } from '../../../server/bot/matcher'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import { readProfile } from '../../../server/session/profile'
import { invalidContactField } from '../../../shared/contact-rules'
import { TEST_IDENTITY_SECRET } from '../../support/test-config'
import { createSettingsInput } from '../support/rule-factories'
import { createTestApp } from '../support/test-app'

// Addresses the older rule took and no e-mail could go to as they are.
const MALFORMED = ['ann,bob@example.com', 'ann@example.c', 'ann..b@example.com', 'ann@-x.com']

describe('a malformed e-mail address is refused where it is entered', () => {
  it.each(MALFORMED)(
    'setContact and the offline form (POST /api/session contact): %j',
    async (email) => {
      const t = createTestApp()
      const res = await t.request('/api/session', { body: { contact: { email } } })
      expect(res.status).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(
        'contact.email: must be an e-mail address like name@example.com',
      )
      // The widget refuses it before sending (the offline form and setContact()).
      expect(invalidContactField({ email })).toBe('email')
      t.stop()
    },
  )

  it('identify (POST /api/session user) refuses it too, and stores nothing', async () => {
    const t = createTestApp()
    const id = 'user-42'
    const hash = createHmac('sha256', TEST_IDENTITY_SECRET).update(id).digest('hex')
    const bad = await t.request('/api/session', {
      body: { user: { id, hash, email: 'ann@example' } },
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('user.email: must be an e-mail address')
    const good = await t.request('/api/session', {
      body: { user: { id, hash, email: 'ann@example.com' } },
    })
    expect(good.status).toBe(200)
    const { visitorId } = (await good.json()) as { visitorId: string }
    expect((await readProfile(t.deps.store, visitorId)).contact.email).toBe('ann@example.com')
    t.stop()
  })

  it('the bot’s contact question names a malformed address back and keeps asking', () => {
    const settings = parseBotSettings(createSettingsInput())
    const state = { ...newBotChat('c1'), greeted: true, phase: 'awaiting-contact' as const }
    const d = decide(settings, createMatcher(settings), state, {
      type: 'TEXT',
      text: 'it is ann@example',
    })
    expect(d.replies).toEqual([
      {
        type: 'TEXT',
        text: 'ann@example does not look like a working email address (like name@example.com). Please check it and send it again, or send a phone number.',
      },
    ])
    expect(d.state.phase).toBe('awaiting-contact')
    expect(d.state.contact).toBeUndefined()
    const ok = decide(settings, createMatcher(settings), state, {
      type: 'TEXT',
      text: 'sorry: ann@example.com.',
    })
    expect(ok.state).toMatchObject({
      phase: 'contact-received',
      contact: { email: 'ann@example.com' },
    })
  })

  it('the bot never keeps an address e-mail could not go to', () => {
    expect(findContact('write to ann@example.c please')).toBeUndefined()
    expect(findMalformedEmail('write to ann@example.c please')).toBe('ann@example.c')
    expect(findMalformedEmail('write to ann@example.com.')).toBeUndefined()
    expect(findMalformedEmail('no address here')).toBeUndefined()
  })
})
