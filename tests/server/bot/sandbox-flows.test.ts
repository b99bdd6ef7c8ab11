import { afterEach, describe, expect, it } from 'vitest'
import { BotChat } from '../../../server/bot/bot-chat'
import { botChatKey as chatStateKey } from '../../../server/store/keys'
import { type Harness, startHarness } from '../support/bot-sandbox-harness'

// Spec section 3's flows, end to end against the sandbox's bot side.

let harness: Harness | undefined
async function start(options: Parameters<typeof startHarness>[0]): Promise<Harness> {
  harness = await startHarness(options)
  return harness
}
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

describe('the bot against the sandbox', () => {
  it('bot answers: the customer sees the greeting and the rule reply (fallback texts for BUTTONS and MARKDOWN)', async () => {
    const h = await start({ agentOnline: true })
    await h.customerSays('v1', 'When are you open?')
    await h.waitForShown('v1', 2)
    expect(h.shownTo('v1')).toEqual([
      'Hello! I am the shop bot.',
      'We are open Monday to Friday, 9:00 to 18:00.',
    ])

    await h.customerSays('v1', 'Do you do delivery?')
    await h.waitForShown('v1', 3)
    await h.customerSays('v1', 'What are your prices?')
    await h.waitForShown('v1', 4)
    expect(h.shownTo('v1').slice(2)).toEqual([
      'Where should we deliver? Reply "City" or "Country", or ask for an agent.',
      'See our prices at https://example.com/prices',
    ])
    // Typing a button's text on a text-only channel presses it.
    await h.customerSays('v1', 'City')
    await h.waitForShown('v1', 5)
    expect(h.shownTo('v1').at(-1)).toBe('Same-day delivery in the city.')

    const chat = await h.chatOf('v1')
    expect(chat).toMatchObject({ state: 'bot', bot: 'active' })
    expect(await h.b1Events(chat.id)).toEqual(Array(5).fill({ ok: true, event: 'BOT_MESSAGE' }))
  })

  it('no rule -> INVITE_AGENT -> an agent joins -> AGENT_JOINED -> the bot stays silent', async () => {
    const h = await start({ agentOnline: true })
    await h.customerSays('v2', 'Do you sell bikes?')
    await h.waitForShown('v2', 2)
    expect(h.shownTo('v2')).toEqual(['Hello! I am the shop bot.', 'Connecting you to an agent…'])
    const chat = await h.chatOf('v2')
    expect((await h.b1Events(chat.id)).map((entry) => entry.event)).toEqual([
      'BOT_MESSAGE',
      'BOT_MESSAGE',
      'INVITE_AGENT',
    ])
    expect(await h.chatOf('v2')).toMatchObject({ state: 'queued' })

    await h.api(`/chats/${chat.id}/join`, { agentId: h.agent.id })
    await h.settle()
    expect(await h.botEvents(chat.id)).toEqual(['CLIENT_MESSAGE', 'AGENT_JOINED'])
    expect(await h.store.getRecord(chatStateKey(chat.id), BotChat)).toMatchObject({
      phase: 'agent',
    })

    await h.customerSays('v2', 'When are you open?')
    await h.settle()
    expect(h.shownTo('v2')).toHaveLength(2)
    expect((await h.b1Events(chat.id)).length).toBe(3)
  })

  it('a customer asking for a person in Russian is handed over in Russian', async () => {
    const h = await start({ agentOnline: true })
    await h.customerSays('v3', 'Позовите оператора, пожалуйста')
    await h.waitForShown('v3', 2)
    expect(h.shownTo('v3')).toEqual(['Здравствуйте! Я бот магазина.', 'Соединяю вас с оператором…'])
    expect(await h.chatOf('v3')).toMatchObject({ state: 'queued' })
  })

  it('no agent online -> AGENT_UNAVAILABLE -> the bot asks for contacts, recognises them and confirms', async () => {
    const h = await start({ agentOnline: false })
    await h.customerSays('v4', 'I need help with my order')
    await h.waitForShown('v4', 2)
    const chat = await h.chatOf('v4')
    expect(await h.botEvents(chat.id)).toEqual(['CLIENT_MESSAGE', 'AGENT_UNAVAILABLE'])
    // No "Connecting you to an agent…" while the service says nobody is online (issue 24 #2).
    expect(h.shownTo('v4')).toEqual([
      'Hello! I am the shop bot.',
      expect.stringMatching(/^No agent is available right now\. Please leave your email/),
    ])

    await h.customerSays('v4', 'Sure: ann@example.com')
    await h.waitForShown('v4', 3)
    expect(h.shownTo('v4').at(-1)).toBe('Thank you! We will contact you at ann@example.com.')
    expect(await h.store.getRecord(chatStateKey(chat.id), BotChat)).toMatchObject({
      phase: 'contact-received',
      contact: { email: 'ann@example.com' },
    })
  })

  it('close -> CHAT_CLOSED -> the chat state is dropped, and the next chat starts afresh', async () => {
    const h = await start({ agentOnline: true })
    await h.customerSays('v5', 'When are you open?')
    await h.waitForShown('v5', 2)
    const chat = await h.chatOf('v5')
    expect(await h.store.getRecord(chatStateKey(chat.id), BotChat)).toBeDefined()

    await h.api(`/chats/${chat.id}/close`, {})
    await h.settle()
    expect(await h.botEvents(chat.id)).toEqual(['CLIENT_MESSAGE', 'CHAT_CLOSED'])
    expect(await h.store.getRecord(chatStateKey(chat.id), BotChat)).toBeUndefined()

    await h.customerSays('v5', 'When are you open?')
    await h.waitForShown('v5', 4)
    expect(h.shownTo('v5').slice(2)).toEqual([
      'Hello! I am the shop bot.',
      'We are open Monday to Friday, 9:00 to 18:00.',
    ])
  })

  it('provider failure: a bot shutting down answers 503, the service retries, then transfers the customer', async () => {
    const h = await start({ agentOnline: true })
    await h.bot.close()
    await h.customerSays('v6', 'When are you open?')
    await h.settle()
    const chat = await h.chatOf('v6')
    expect(chat).toMatchObject({ state: 'queued', bot: 'failed' })
    const attempts = await h.api(`/log?interface=B2&chatId=${chat.id}`)
    expect(attempts).toHaveLength(3)
    expect(attempts).toEqual(Array(3).fill(expect.objectContaining({ status: 503, ok: false })))
    expect(h.shownTo('v6')).toEqual([])
  })
})
