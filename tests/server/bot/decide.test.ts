import { describe, expect, it } from 'vitest'
import { type BotChat, newBotChat } from '../../../server/bot/bot-chat'
import { decide } from '../../../server/bot/decide'
import { createMatcher } from '../../../server/bot/matcher'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import type { BotMessagePayload } from '../../../shared/protocol'
import { createSettingsInput } from '../support/rule-factories'

function setup(overrides: Record<string, unknown> = {}) {
  const settings = parseBotSettings(createSettingsInput(overrides))
  const matcher = createMatcher(settings)
  return (
    state: BotChat,
    message: string | BotMessagePayload,
    context: { agentsOnline?: boolean } = {},
  ) =>
    decide(
      settings,
      matcher,
      state,
      typeof message === 'string' ? { type: 'TEXT', text: message } : message,
      context,
    )
}

const texts = (replies: BotMessagePayload[]) =>
  replies.map((reply) =>
    reply.type === 'MARKDOWN' ? reply.content : reply.type === 'BUTTONS' ? reply.title : reply.text,
  )

const greeted = (overrides: Partial<BotChat> = {}): BotChat => ({
  ...newBotChat('c1'),
  greeted: true,
  ...overrides,
})

describe('decide', () => {
  it('greets on the first message, in the language of the message, then answers the rule', () => {
    const d = setup()(newBotChat('c1'), 'When are you open?')
    expect(texts(d.replies)).toEqual([
      'Hello! I am the shop bot.',
      'We are open Monday to Friday, 9:00 to 18:00.',
    ])
    expect(d.invite).toBe(false)
    expect(d.state).toMatchObject({ phase: 'bot', greeted: true, language: 'en' })
  })

  it('greets in Russian when the customer writes in Russian, and only once', () => {
    const choose = setup()
    const first = choose(newBotChat('c1'), 'До скольки работаете?')
    expect(texts(first.replies)).toEqual([
      'Здравствуйте! Я бот магазина.',
      'Мы работаем с 9 до 18.',
    ])
    expect(first.state.language).toBe('ru')
    expect(texts(choose(first.state, 'А в субботу работаете?').replies)).toEqual([
      'Мы работаем с 9 до 18.',
    ])
  })

  it('sends BUTTONS and MARKDOWN replies with their fallback text', () => {
    const choose = setup()
    const buttons = choose(greeted(), 'Do you offer delivery?').replies[0]
    expect(buttons).toMatchObject({
      type: 'BUTTONS',
      text: expect.stringContaining('City'),
      buttons: expect.any(Array),
    })
    const markdown = choose(greeted(), 'What are your prices?').replies[0]
    expect(markdown).toMatchObject({
      type: 'MARKDOWN',
      text: 'See our prices at https://example.com/prices',
    })
  })

  it('follows a pressed button by button_id, or by its text typed on a text-only channel', () => {
    const choose = setup()
    const byId = choose(greeted(), { type: 'TEXT', text: 'City', button_id: 'delivery-country' })
    expect(texts(byId.replies)).toEqual(['Two to five days.'])
    expect(texts(choose(greeted(), 'city').replies)).toEqual(['Same-day delivery in the city.'])
    const handover = choose(greeted(), {
      type: 'TEXT',
      text: 'Talk to a person',
      button_id: 'handover',
    })
    expect(handover.invite).toBe(true)
  })

  it('treats an unknown button id as text', () => {
    const d = setup()(greeted(), { type: 'TEXT', text: 'opening hours', button_id: 'gone' })
    expect(texts(d.replies)).toEqual(['We are open Monday to Friday, 9:00 to 18:00.'])
  })

  it('hands over when no rule matches: the hand-over text, then INVITE_AGENT', () => {
    const d = setup()(greeted(), 'Do you sell bikes?')
    expect(texts(d.replies)).toEqual(['Connecting you to an agent…'])
    expect(d.invite).toBe(true)
    expect(d.state.phase).toBe('handover')
  })

  it('hands over when the customer asks for a person, even if a rule also matches', () => {
    const d = setup()(greeted(), 'I want a human, not your opening hours')
    expect(d.invite).toBe(true)
    const ru = setup()(greeted(), 'Позовите оператора')
    expect(texts(ru.replies)).toEqual(['Соединяю вас с оператором…'])
    expect(ru.state.language).toBe('ru')
  })

  it('promises no connection while the service says nobody is online, and still invites', () => {
    const decideFor = setup()
    const d = decideFor(greeted(), 'Do you sell bikes?', { agentsOnline: false })
    expect(texts(d.replies)).toEqual([])
    expect(d.invite).toBe(true)
    expect(d.state.phase).toBe('handover')
    // Unknown (the field is not in every service's event): as before.
    expect(texts(decideFor(greeted(), 'Do you sell bikes?').replies)).toEqual([
      'Connecting you to an agent…',
    ])
  })

  it('hands over silently with handoverText: false', () => {
    const d = setup({ handoverText: false })(greeted(), 'Do you sell bikes?')
    expect(d.replies).toEqual([])
    expect(d.invite).toBe(true)
  })

  it('while waiting for an agent answers rules but stays quiet otherwise', () => {
    const choose = setup()
    expect(choose(greeted({ phase: 'handover' }), 'hello?')).toMatchObject({
      replies: [],
      invite: false,
    })
    expect(texts(choose(greeted({ phase: 'handover' }), 'when are you open').replies)).toHaveLength(
      1,
    )
  })

  it('while asking for contacts recognises them and confirms what it understood', () => {
    const d = setup()(
      greeted({ phase: 'awaiting-contact', language: 'en' }),
      'sure, ann@example.com',
    )
    expect(texts(d.replies)).toEqual(['Thank you! We will contact you at ann@example.com.'])
    expect(d.state).toMatchObject({
      phase: 'contact-received',
      contact: { email: 'ann@example.com' },
    })
    const ru = setup()(
      greeted({ phase: 'awaiting-contact', language: 'ru' }),
      'мой телефон +7 912 345-67-89',
    )
    expect(texts(ru.replies)).toEqual(['Спасибо! Мы свяжемся с вами: +7 912 345-67-89.'])
  })

  it('while asking for contacts asks again when none is found, and still answers rules', () => {
    const choose = setup()
    const state = greeted({ phase: 'awaiting-contact', language: 'en' })
    const again = choose(state, 'why do you need that')
    expect(texts(again.replies)).toEqual([
      expect.stringMatching(/could not find an email address or phone number/),
    ])
    expect(again.state.phase).toBe('awaiting-contact')
    expect(texts(choose(state, 'when are you open').replies)).toEqual([
      'We are open Monday to Friday, 9:00 to 18:00.',
    ])
    expect(choose(state, 'operator please').invite).toBe(true)
  })

  it('once contacts are known, hands over again on an unanswered question', () => {
    const d = setup()(
      greeted({ phase: 'contact-received', contact: { email: 'a@b.io' } }),
      'and bikes?',
    )
    expect(d.invite).toBe(true)
    expect(d.state.contact).toEqual({ email: 'a@b.io' })
  })
})
