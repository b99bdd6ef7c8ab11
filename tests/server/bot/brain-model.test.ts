import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { FakeModelReply } from '../../../kit/fake-openai'
import { createBotVisitors } from '../../../server/bot/bot-visitors'
import { createIncomingMasker } from '../../../server/masking/incoming-masker'
import { updateProfile } from '../../../server/session/profile'
import { botChatKey } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { VisitorEvent } from '../../../server/store/types'
import { DEFAULT_SETTINGS } from '../../../shared/settings/public-config'
import { createAgentJoinedEvent } from '../../support/protocol-factories'
import { useFakeModel } from '../support/fake-model'
import { createModelBrain, createPassage, RETURNS_PASSAGE } from '../support/model-brain'

const model = useFakeModel()

const QUESTION = 'Can I send my jacket back?'
const CITED = 'Yes: unworn items go back within **30 days** of delivery [[returns-window]].'

/** The JSON data of the user message of request `index`. */
function dataOf(index = model.requests.length - 1) {
  const user = model.requests[index]?.body?.messages?.find((m) => m.role === 'user')
  return JSON.parse(user?.content ?? '{}') as {
    passages: { id: string; text: string; url: string }[]
    earlier_messages: { from: string; text: string }[]
    question: string
    style_notes: string
  }
}

describe('the rules brain with a model', () => {
  it('sends the written answer with links to the cited articles and the two buttons', async () => {
    model.queue({ content: CITED, usage: { in: 300, out: 20 } })
    const s = createModelBrain({ model })
    await s.say(QUESTION)
    expect(s.types()).toEqual(['MARKDOWN', 'BUTTONS'])
    const [answer, buttons] = s.sent
    expect(answer).toEqual({
      type: 'MARKDOWN',
      content:
        'Yes: unworn items go back within **30 days** of delivery.\n\n[How do I return an item?](https://shop.example/help/returns-window)',
      text: 'Yes: unworn items go back within 30 days of delivery.\n\nhttps://shop.example/help/returns-window',
    })
    expect(buttons).toMatchObject({
      type: 'BUTTONS',
      buttons: [{ id: 'article-helped' }, { id: 'handover' }],
    })
    expect(await s.metric('porthole_answers_llm_calls_total')).toBe(1)
    expect(await s.metric('porthole_answers_llm_tokens_total{direction="in"}')).toBe(300)
    expect(await s.metric('porthole_answers_llm_tokens_total{direction="out"}')).toBe(20)
    expect(s.counted).toEqual(['modelAnswers'])
    // The article answer was not needed: no search for it.
    expect(s.searches).toEqual([])
  })

  it('starts the article search while a slow model still thinks, so a time-out waits for nothing more', async () => {
    model.queue({ kind: 'hang' })
    const fellBackAtSearch: boolean[] = []
    const s = createModelBrain({
      model,
      llm: { timeoutMs: 600 },
      articleTimeoutMs: 400,
      onSearch: () =>
        fellBackAtSearch.push(
          s.logger.lines.some((line) => line.message.includes('the article answer instead')),
        ),
    })
    await s.say(QUESTION)
    expect(await s.metric('porthole_answers_llm_fallbacks_total{reason="timeout"}')).toBe(1)
    expect(s.types()).toEqual(['MARKDOWN', 'BUTTONS'])
    // One search, begun before the model's time-out was known.
    expect(fellBackAtSearch).toEqual([false])
  })

  it('grounds the request: the passages with their ids, the question, the instructions', async () => {
    const passages = [
      RETURNS_PASSAGE,
      createPassage('refunds', 'Refunds reach your card in 5 days.'),
    ]
    model.queue({ content: CITED })
    const s = createModelBrain({
      model,
      passages,
      settings: { modelAnswers: { enabled: true, instructions: 'Speak like a friendly tailor.' } },
    })
    await s.say(QUESTION)
    const data = dataOf()
    expect(data.passages).toEqual([
      {
        id: 'returns-window',
        title: 'How do I return an item?',
        url: RETURNS_PASSAGE.url,
        text: RETURNS_PASSAGE.text,
      },
      {
        id: 'refunds',
        title: 'refunds',
        url: 'https://shop.example/help/refunds',
        text: 'Refunds reach your card in 5 days.',
      },
    ])
    expect(data.question).toBe(QUESTION)
    expect(data.style_notes).toBe('Speak like a friendly tailor.')
    expect(model.requests[0]?.body?.messages?.[0]).toMatchObject({ role: 'system' })
  })

  it('gives the model the last turns of this conversation and nothing of another', async () => {
    const s = createModelBrain({ model })
    model.queue({ content: CITED })
    await s.say('My order number is 5521, can I send my jacket back?', 'chat-a')
    model.queue({ content: CITED })
    await s.say('What about a scarf I bought?', 'chat-b')
    model.queue({ content: CITED })
    await s.say('And the shoes?', 'chat-a')
    const [, other, again] = [dataOf(0), dataOf(1), dataOf(2)]
    expect(JSON.stringify(other)).not.toContain('5521')
    expect(other.earlier_messages).toEqual([])
    expect(again.earlier_messages.map((t) => t.from)).toEqual(['visitor', 'bot', 'bot'])
    expect(again.earlier_messages[0]?.text).toContain('5521')
    expect(JSON.stringify(again)).not.toContain('scarf')
  })

  it('masks card numbers in the question and the earlier messages, and keeps them masked', async () => {
    const masker = createIncomingMasker(() => DEFAULT_SETTINGS)
    const s = createModelBrain({ model, mask: (text) => masker(text).text })
    model.queue({ content: CITED })
    await s.say('My card 4111-1111-1111-1111 was charged twice, can I send my jacket back?')
    model.queue({ content: CITED })
    await s.say('And refund to 5500 0000 0000 0004 please, can I return shoes?')
    for (const request of model.requests) {
      expect(request.raw).not.toMatch(/4111.?1111.?1111|5500.?0000.?0000/)
    }
    expect(model.promptOf(1)).toContain('1111')
    expect(
      JSON.stringify(await s.store.getRecord(botChatKey('chat-1'), z.unknown())),
    ).not.toContain('4111')
  })

  it('counts "That helped" under a written answer as the model’s', async () => {
    model.queue({ content: CITED })
    const s = createModelBrain({ model })
    await s.say(QUESTION)
    await s.say('That helped')
    expect(await s.metric('porthole_answers_llm_helped_total')).toBe(1)
    expect(await s.metric('porthole_bot_article_helped_total')).toBe(0)
    expect(s.counted).toEqual(['modelAnswers', 'modelHelped'])
  })

  const FALLBACKS: [string, FakeModelReply, number?][] = [
    ['no_answer', { content: 'NO_ANSWER' }],
    ['no_citation', { content: 'Yes, 30 days.' }],
    ['bad_citation', { content: 'Yes, 30 days [[gift-cards]].' }],
    ['bad_link', { content: 'Pay at https://evil.example [[returns-window]]' }],
    ['rate_limited', { kind: 'status', status: 429 }],
    ['server_error', { kind: 'status', status: 502 }],
    ['cut_stream', { kind: 'cut', content: CITED }],
    ['malformed', { kind: 'malformed' }],
    ['timeout', { kind: 'hang' }, 500],
  ]
  it.each(FALLBACKS)(
    'falls back to the article answer on %s, logged and counted',
    async (reason, reply, timeoutMs) => {
      model.queue(reply)
      const s = createModelBrain({ model, ...(timeoutMs ? { llm: { timeoutMs } } : {}) })
      await s.say(QUESTION)
      expect(s.types()).toEqual(['MARKDOWN', 'BUTTONS'])
      const [answer] = s.sent
      expect(typeof answer === 'object' && answer.type === 'MARKDOWN' && answer.text).toContain(
        'This article may answer your question:',
      )
      expect(await s.metric(`porthole_answers_llm_fallbacks_total{reason="${reason}"}`)).toBe(1)
      expect(s.logger.lines).toContainEqual(
        expect.objectContaining({
          message: expect.stringContaining('model answers'),
          fields: expect.objectContaining({ reason }),
        }),
      )
      expect(s.counted).toEqual(['modelFallbacks', `modelFallback:${reason}`])
    },
  )

  it('shows the bot typing while a streamed answer comes, in the visitor’s widget', async () => {
    const store = createMemoryStore()
    await updateProfile(store, 'client-chat-1', { contact: {} }, 60_000)
    const visitors = createBotVisitors({ store, keepMs: 60_000, now: Date.now })
    const events: VisitorEvent[] = []
    store.subscribe('client-chat-1', (event) => events.push(event))
    model.queue({ content: CITED, chunks: 5 })
    const s = createModelBrain({
      model,
      store,
      typing: (clientId, on) => visitors.typing?.(clientId, on) ?? Promise.resolve(),
    })
    await s.say(QUESTION)
    const typing = events.filter((e) => 'event' in e && e.event === 'typing')
    expect(typing).toEqual([
      { event: 'typing', data: { typing: true } },
      { event: 'typing', data: { typing: false } },
    ])
  })

  it('shows no typing for an answer that came whole', async () => {
    model.queue({ content: CITED, json: true })
    const s = createModelBrain({ model })
    await s.say(QUESTION)
    expect(s.typings).toEqual([])
    expect(s.types()).toEqual(['MARKDOWN', 'BUTTONS'])
  })

  it('never asks the model for a hand-over phrase', async () => {
    const s = createModelBrain({ model })
    await s.say('Can I speak to a human about my return?')
    expect(model.requests).toHaveLength(0)
    expect(s.types()).toContain('INVITE_AGENT')
  })

  it('never asks the model for a question a rule answers', async () => {
    const s = createModelBrain({ model })
    await s.say('When are you open?')
    expect(model.requests).toHaveLength(0)
  })

  it('never asks the model once an agent joined', async () => {
    const s = createModelBrain({ model })
    await s.event(
      'chat-1',
      createAgentJoinedEvent({ chat_id: 'chat-1', client_id: 'client-chat-1' }),
    )
    await s.say(QUESTION)
    expect(model.requests).toHaveLength(0)
    expect(s.sent).toEqual([])
  })

  it('never asks the model with model answers off in the settings', async () => {
    const s = createModelBrain({ model, settings: { modelAnswers: { enabled: false } } })
    await s.say(QUESTION)
    expect(model.requests).toHaveLength(0)
    expect(s.types()).toEqual(['MARKDOWN', 'BUTTONS'])
  })

  it('never asks the model in a language it may not answer in', async () => {
    const s = createModelBrain({
      model,
      settings: { modelAnswers: { enabled: true, languages: ['ru'] } },
    })
    await s.say(QUESTION)
    expect(model.requests).toHaveLength(0)
  })

  it('stops asking past the per-conversation cap, counting failed calls too', async () => {
    model.setDefault({ kind: 'status', status: 500 })
    const s = createModelBrain({ model, llm: { maxPerConversation: 2 } })
    for (const n of [1, 2, 3, 4]) await s.say(`${QUESTION} (${n})`)
    expect(model.requests).toHaveLength(2)
    expect(await s.metric('porthole_answers_llm_fallbacks_total{reason="cap"}')).toBe(2)
    // Another conversation has its own cap.
    await s.say(QUESTION, 'chat-2')
    expect(model.requests).toHaveLength(3)
  })

  it('stops asking once the day’s tokens are spent, in every conversation', async () => {
    model.setDefault({ content: CITED, usage: { in: 900, out: 200 } })
    const s = createModelBrain({ model, llm: { dailyTokens: 1000 } })
    await s.say(QUESTION, 'chat-1')
    await s.say(QUESTION, 'chat-2')
    expect(model.requests).toHaveLength(1)
    expect(await s.metric('porthole_answers_llm_fallbacks_total{reason="budget"}')).toBe(1)
    expect(await s.budget.spent()).toBe(1100)
  })
})
