import { describe, expect, it } from 'vitest'
import { createBotVisitors } from '../../../server/bot/bot-visitors'
import { createRulesBrain } from '../../../server/bot/brain'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import type { BotContext } from '../../../server/bot/provider'
import { writeAlias } from '../../../server/session/alias'
import { readProfile, updateProfile } from '../../../server/session/profile'
import { profileKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store, VisitorEvent } from '../../../server/store/types'
import { ServiceToProviderEvent } from '../../../shared/protocol'
import {
  createAgentJoinedEvent,
  createAgentUnavailableEvent,
  createChatClosedEvent,
  createClientMessageEvent,
} from '../../support/protocol-factories'
import { createRecordingLogger } from '../support/bot-fakes'
import { createSettingsInput } from '../support/rule-factories'

const DAY = 24 * 60 * 60 * 1000

/** The rules brain wired to the widget's visitors, as server/start.ts wires it. */
function setup(store: Store = createMemoryStore(), widgetGreets?: () => boolean) {
  const brain = createRulesBrain({
    settings: parseBotSettings(createSettingsInput()),
    store,
    logger: createRecordingLogger(),
    visitors: createBotVisitors({
      store,
      keepMs: DAY,
      now: () => 5000,
      ...(widgetGreets ? { widgetGreets } : {}),
    }),
  })
  const replies: string[] = []
  const context = (chatId: string, clientId: string): BotContext => ({
    eventId: 'e',
    chatId,
    clientId,
    logger: createRecordingLogger(),
    reply: async (message) => {
      replies.push(typeof message === 'string' ? message : JSON.stringify(message))
      return { ok: true, eventId: 'e', status: 200, attempts: 1 }
    },
    inviteAgent: async () => ({ ok: true, eventId: 'e', status: 200, attempts: 1 }),
  })
  const run = (event: unknown, chatId: string, clientId: string) =>
    brain(ServiceToProviderEvent.parse(event), context(chatId, clientId))
  const say = (text: string, chatId: string, clientId: string) =>
    run(
      createClientMessageEvent({
        chat_id: chatId,
        client_id: clientId,
        message: { type: 'TEXT', text },
      }),
      chatId,
      clientId,
    )
  /** An event of the service (made by `make`) in the chat `chatId` of `clientId`. */
  const happen = <E extends { chat_id?: unknown; client_id?: unknown }>(
    make: (overrides: Partial<E>) => E,
    chatId: string,
    clientId: string,
    more: Partial<E> = {},
  ) => run(make({ chat_id: chatId, client_id: clientId, ...more } as Partial<E>), chatId, clientId)
  return { store, replies, run, say, happen }
}

const CONTACT_KNOWN =
  'No agent is available right now. We have your contact details and will get back to you.'

/** A customer asks for what the rules do not know while no agent is there: the bot's last words. */
async function nobodyThere(s: ReturnType<typeof setup>, chatId: string, clientId: string) {
  await s.say('Do you sell bikes?', chatId, clientId)
  await s.happen(createAgentUnavailableEvent, chatId, clientId)
  return s.replies.at(-1)
}

/** A visitor of the widget: POST /api/session gave them a profile. */
async function visitor(store: Store, id: string, contact = {}) {
  await updateProfile(store, id, { contact }, DAY)
  await store.append(id, { author: 'visitor', content: { type: 'text', text: 'hi' }, at: 1000 })
}

describe('the bot and the widget visitor’s one contact profile', () => {
  it('an e-mail the bot collects joins the profile (sent on every A2) and reaches the open streams', async () => {
    const s = setup()
    await visitor(s.store, 'v1', { name: 'Ann' })
    const events: VisitorEvent[] = []
    s.store.subscribe('v1', (event) => events.push(event))
    await s.say('Do you sell bikes?', 'c1', 'v1')
    await s.happen(createAgentUnavailableEvent, 'c1', 'v1')
    await s.say('ann@example.com', 'c1', 'v1')
    expect(s.replies.at(-1)).toContain('ann@example.com')
    expect((await readProfile(s.store, 'v1')).contact).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
    })
    expect(events).toContainEqual({
      event: 'contact',
      data: { name: 'Ann', email: 'ann@example.com' },
    })
  })

  it('AGENT_UNAVAILABLE does not ask for contact details the visitor gave in the form or setContact', async () => {
    const s = setup()
    await visitor(s.store, 'v2', { phone: '+7 912 345-67-89' })
    expect(await nobodyThere(s, 'c2', 'v2')).toBe(CONTACT_KNOWN)
  })

  it('a guest merged into a user is found through the alias', async () => {
    const s = setup()
    await visitor(s.store, 'u:user-1', { email: 'user@example.com' })
    await writeAlias(s.store, 'guest-1', { visitorId: 'u:user-1' }, DAY)
    expect(await nobodyThere(s, 'c3', 'guest-1')).toBe(CONTACT_KNOWN)
  })

  it('CHAT_CLOSED ends the visitor’s conversation once (client_id given or not)', async () => {
    const s = setup()
    await visitor(s.store, 'v4')
    await s.say('hello', 'c4', 'v4')
    await s.happen(createChatClosedEvent, 'c4', 'v4')
    await s.happen(createChatClosedEvent, 'c4', 'v4')
    let entries = await s.store.readAfter('v4', undefined, 100)
    expect(entries.filter((entry) => entry.ended)).toEqual([
      expect.objectContaining({ author: 'system', ended: 'closed' }),
    ])
    // Without client_id: the chat's own record names the customer.
    await s.store.append('v4', {
      author: 'visitor',
      content: { type: 'text', text: 'again' },
      at: 6000,
    })
    await s.say('again', 'c5', 'v4')
    const closed = createChatClosedEvent({ chat_id: 'c5' })
    delete (closed as { client_id?: string }).client_id
    await s.run(closed, 'c5', 'v4')
    entries = await s.store.readAfter('v4', undefined, 100)
    expect(entries.filter((entry) => entry.ended)).toHaveLength(2)
  })

  it('customers of other channels (no profile here) are left alone: nothing read, written or ended', async () => {
    const s = setup()
    await s.say('Do you sell bikes?', 'c6', 'messenger-77')
    await s.happen(createAgentUnavailableEvent, 'c6', 'messenger-77')
    await s.say('me@example.com', 'c6', 'messenger-77')
    await s.happen(createChatClosedEvent, 'c6', 'messenger-77')
    expect(
      await s.store.getRecord(profileKey('messenger-77'), (await import('zod')).z.unknown()),
    ).toBeUndefined()
    expect(await s.store.readAfter('messenger-77', undefined, 10)).toEqual([])
  })

  it('records who took the chat: the bot at its first message, an agent at AGENT_JOINED, each once', async () => {
    const s = setup()
    await visitor(s.store, 'v7')
    await s.say('Do you sell bikes?', 'c7', 'v7')
    await s.say('And helmets?', 'c7', 'v7')
    const joined = createAgentJoinedEvent({ chat_id: 'c7', client_id: 'v7' })
    await s.run(joined, 'c7', 'v7')
    // The service repeats an event it thinks was lost: still one line.
    await s.run({ ...joined, id: 'again' }, 'c7', 'v7')
    const marks = (await s.store.readAfter('v7', undefined, 100)).filter((entry) => entry.joined)
    expect(marks).toEqual([
      expect.objectContaining({ author: 'system', joined: 'bot' }),
      expect.objectContaining({
        author: 'system',
        joined: 'agent',
        content: { type: 'text', text: 'An agent joined the conversation' },
      }),
    ])
    // A new chat of the same visitor is taken again.
    await s.say('Me again', 'c8', 'v7')
    const all = await s.store.readAfter('v7', undefined, 100)
    expect(all.filter((entry) => entry.joined === 'bot')).toHaveLength(2)
  })

  it('names the agent when AGENT_JOINED does (issue 35, defect 9); a bad photo or name is dropped', async () => {
    const s = setup()
    await visitor(s.store, 'v7')
    await s.say('A person, please', 'c7', 'v7')
    const photo = 'https://example.com/anna.png'
    await s.happen(createAgentJoinedEvent, 'c7', 'v7', { agent: { name: ' Anna ', photo } })
    await s.say('And you?', 'c8', 'v7')
    await s.happen(createAgentJoinedEvent, 'c8', 'v7', {
      agent: { name: 'x'.repeat(101), photo: 'javascript:alert(1)' },
    })
    const marks = (await s.store.readAfter('v7', undefined, 100)).filter(
      (entry) => entry.joined === 'agent',
    )
    expect(marks).toEqual([
      expect.objectContaining({
        name: 'Anna',
        photo,
        content: { type: 'text', text: 'Anna joined the conversation' },
      }),
      expect.objectContaining({
        content: { type: 'text', text: 'An agent joined the conversation' },
      }),
    ])
    expect(marks[1]).not.toHaveProperty('name')
    expect(marks[1]).not.toHaveProperty('photo')
  })

  it('writes no line for customers of other channels', async () => {
    const s = setup()
    await s.say('Hello', 'c9', 'messenger-9')
    await s.happen(createAgentJoinedEvent, 'c9', 'messenger-9')
    expect(await s.store.readAfter('messenger-9', undefined, 10)).toEqual([])
  })
})

describe('one greeting (issue 24, defect 4)', () => {
  const GREETING = 'Hello! I am the shop bot.'
  const greetings = (replies: string[]) => replies.filter((reply) => reply.includes(GREETING))

  it('the bot does not greet a widget visitor the site’s greeting already welcomed', async () => {
    const s = setup(createMemoryStore(), () => true)
    await visitor(s.store, 'v1')
    await s.say('hi', 'c1', 'v1')
    await s.say('What are your opening hours?', 'c1', 'v1')
    expect(s.replies.length).toBeGreaterThan(0)
    expect(greetings(s.replies)).toEqual([])
  })

  it('greets once where the widget did not: no site greeting, or another channel’s customer', async () => {
    let siteGreets = false
    const s = setup(createMemoryStore(), () => siteGreets)
    await visitor(s.store, 'v1')
    await s.say('hi', 'c1', 'v1')
    await s.say('hi again', 'c1', 'v1')
    expect(greetings(s.replies)).toHaveLength(1)
    siteGreets = true
    // A customer of a messenger the same bot serves has no profile here.
    await s.say('hi', 'c2', 'messenger-7')
    expect(greetings(s.replies)).toHaveLength(2)
  })
})
