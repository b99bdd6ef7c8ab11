import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BotChat } from '../../../server/bot/bot-chat'
import { createRulesBrain } from '../../../server/bot/brain'
import type { BotReply } from '../../../server/bot/outgoing'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import type { BotContext } from '../../../server/bot/provider'
import type { SendResult } from '../../../server/bot/sender'
import { botChatKey as chatStateKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import { openSqliteStore } from '../../../server/store/sqlite-store'
import type { Store } from '../../../server/store/types'
import { ServiceToProviderEvent } from '../../../shared/protocol'
import {
  createAgentJoinedEvent,
  createAgentUnavailableEvent,
  createChatClosedEvent,
  createClientMessageEvent,
} from '../../support/protocol-factories'
import { createRecordingLogger } from '../support/bot-fakes'
import { createSettingsInput } from '../support/rule-factories'

const parseEvent = (body: unknown) => ServiceToProviderEvent.parse(body)

type Sent = { kind: 'reply'; message: BotReply } | { kind: 'invite' }

/** A context that records what the brain sends; `failing` makes every send fail. */
function createContext(sent: Sent[], options: { chatId: string; failing?: boolean }): BotContext {
  const result = (): SendResult =>
    options.failing
      ? { ok: false, eventId: 'e', attempts: 3, error: 'HTTP 503' }
      : { ok: true, eventId: 'e', status: 200, attempts: 1 }
  return {
    eventId: 'e',
    chatId: options.chatId,
    clientId: 'client-1',
    logger: createRecordingLogger(),
    reply: async (message) => {
      sent.push({ kind: 'reply', message })
      return result()
    },
    inviteAgent: async () => {
      sent.push({ kind: 'invite' })
      return result()
    },
  }
}

function setup(store: Store = createMemoryStore(), settingsInput: unknown = createSettingsInput()) {
  const brain = createRulesBrain({
    settings: parseBotSettings(settingsInput),
    store,
    logger: createRecordingLogger(),
  })
  const chatId = `chat-${Math.random().toString(36).slice(2)}`
  const sent: Sent[] = []
  // Factories give wire bodies; the brain gets them parsed, as the receiver hands them over.
  const run = async (event: unknown, failing = false) => {
    await brain(parseEvent(event), createContext(sent, { chatId, failing }))
  }
  const say = (text: string, failing = false) =>
    run(
      createClientMessageEvent({
        chat_id: chatId,
        client_id: 'client-1',
        message: { type: 'TEXT', text },
      }),
      failing,
    )
  const ref = { chat_id: chatId, client_id: 'client-1' }
  const shown = () =>
    sent.map((item) =>
      item.kind === 'invite'
        ? 'INVITE_AGENT'
        : typeof item.message === 'string'
          ? item.message
          : item.message.type === 'TEXT' || item.message.type === 'BUTTONS'
            ? item.message.text
            : item.message.content,
    )
  return { brain, store, chatId, sent, run, say, ref, shown }
}

describe('createRulesBrain', () => {
  it('answers from the rules and keeps state in the store under bot:chat:<chat_id>', async () => {
    const s = setup()
    await s.say('When are you open?')
    expect(s.shown()).toEqual([
      'Hello! I am the shop bot.',
      'We are open Monday to Friday, 9:00 to 18:00.',
    ])
    expect(await s.store.getRecord(chatStateKey(s.chatId), BotChat)).toMatchObject({
      phase: 'bot',
      greeted: true,
    })
  })

  it('hands over: text, INVITE_AGENT; AGENT_JOINED -> silent for every later message', async () => {
    const s = setup()
    await s.say('Do you sell bikes?')
    expect(s.shown()).toEqual([
      'Hello! I am the shop bot.',
      'Connecting you to an agent…',
      'INVITE_AGENT',
    ])
    await s.run(createAgentJoinedEvent(s.ref))
    s.sent.length = 0
    await s.say('When are you open?')
    await s.say('operator')
    expect(s.sent).toEqual([])
  })

  it('AGENT_UNAVAILABLE -> asks for contacts; recognises them in a following message and confirms', async () => {
    const s = setup()
    await s.say('Do you sell bikes?')
    await s.run(createAgentUnavailableEvent(s.ref))
    expect(s.shown().at(-1)).toMatch(/^No agent is available right now\. Please leave your email/)
    await s.say('hmm, why?')
    expect(s.shown().at(-1)).toMatch(/could not find an email address or phone number/)
    await s.say('ok: +7 912 345-67-89')
    expect(s.shown().at(-1)).toBe('Thank you! We will contact you at +7 912 345-67-89.')
    // Another hand-over with no agent: the bot does not ask again.
    await s.say('and scooters?')
    await s.run(createAgentUnavailableEvent(s.ref))
    expect(s.shown().at(-1)).toBe(
      'No agent is available right now. We have your contact details (+7 912 345-67-89) and will get back to you.',
    )
  })

  it('AGENT_UNAVAILABLE when the customer card already holds contacts: does not ask again', async () => {
    const s = setup()
    await s.run(
      createClientMessageEvent({
        ...s.ref,
        sender: { id: 1233, name: 'Maria', has_contacts: true },
        message: { type: 'TEXT', text: 'Do you sell bikes?' },
      }),
    )
    await s.run(createAgentUnavailableEvent(s.ref))
    expect(s.shown().at(-1)).toBe(
      'No agent is available right now. We have your contact details and will get back to you.',
    )
    // Not waiting for contacts: a later message is answered as usual, not re-asked.
    await s.say('thanks')
    expect(s.shown().at(-1)).not.toMatch(/could not find an email address/)
  })

  it('AGENT_UNAVAILABLE after has_contacts: false still asks for contacts', async () => {
    const s = setup()
    await s.run(
      createClientMessageEvent({
        ...s.ref,
        sender: { id: 1233, has_contacts: false },
        message: { type: 'TEXT', text: 'Do you sell bikes?' },
      }),
    )
    await s.run(createAgentUnavailableEvent(s.ref))
    expect(s.shown().at(-1)).toMatch(/^No agent is available right now\. Please leave your email/)
  })

  it('AGENT_UNAVAILABLE for a chat the bot never saw: asks for contacts, and greets no more after that', async () => {
    const s = setup()
    await s.run(createAgentUnavailableEvent(s.ref))
    await s.say('555-1234')
    expect(s.shown()).toEqual([
      expect.stringMatching(/^No agent is available right now/),
      'Thank you! We will contact you at 555-1234.',
    ])
  })

  it('asks for contacts in Russian in a Russian chat', async () => {
    const s = setup()
    await s.say('Позовите оператора')
    await s.run(createAgentUnavailableEvent(s.ref))
    expect(s.shown().at(-1)).toMatch(/^Сейчас нет свободных операторов/)
    await s.say('пишите на ivan@example.ru')
    expect(s.shown().at(-1)).toBe('Спасибо! Мы свяжемся с вами: ivan@example.ru.')
  })

  it('CHAT_CLOSED drops the state: the next chat is greeted again', async () => {
    const s = setup()
    await s.say('When are you open?')
    await s.run(createChatClosedEvent({ chat_id: s.chatId }))
    expect(await s.store.getRecord(chatStateKey(s.chatId), BotChat)).toBeUndefined()
    s.sent.length = 0
    await s.say('When are you open?')
    expect(s.shown()[0]).toBe('Hello! I am the shop bot.')
  })

  it('when INVITE_AGENT cannot be delivered, the chat is not marked handed over (the next message retries)', async () => {
    const s = setup()
    await s.say('Do you sell bikes?', true)
    expect(await s.store.getRecord(chatStateKey(s.chatId), BotChat)).toMatchObject({
      phase: 'bot',
    })
    s.sent.length = 0
    await s.say('hello??')
    expect(s.shown()).toContain('INVITE_AGENT')
  })

  it('ignores an unreadable stored state and starts the chat afresh', async () => {
    const s = setup()
    await s.store.setRecord(chatStateKey(s.chatId), { phase: 'dancing' })
    await s.say('When are you open?')
    expect(s.shown()[0]).toBe('Hello! I am the shop bot.')
  })

  it('keeps chat state across a restart (sqlite store reopened)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porthole-bot-'))
    try {
      const path = join(dir, 'bot.db')
      const first = setup(openSqliteStore(path))
      await first.say('Do you sell bikes?')
      await first.run(createAgentJoinedEvent(first.ref))
      await first.store.close()

      const store = openSqliteStore(path)
      const brain = createRulesBrain({
        settings: parseBotSettings(createSettingsInput()),
        store,
        logger: createRecordingLogger(),
      })
      const sent: Sent[] = []
      await brain(
        parseEvent(
          createClientMessageEvent({
            ...first.ref,
            message: { type: 'TEXT', text: 'When are you open?' },
          }),
        ),
        createContext(sent, { chatId: first.chatId }),
      )
      expect(sent).toEqual([])
      await store.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('works with no rules at all: every question goes to an agent', async () => {
    const s = setup(createMemoryStore(), {})
    await s.say('Anything')
    expect(s.shown()).toEqual(['Connecting you to an agent…', 'INVITE_AGENT'])
  })
})
