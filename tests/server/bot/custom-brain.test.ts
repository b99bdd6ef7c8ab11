import { Hono } from 'hono'
import { type BotEventHandler, createBotProvider } from 'porthole/bot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createFakeFetch, createRecordingLogger, ok } from '../support/bot-fakes'

// The extension point as docs/integrators/bot-extension.md shows it, imported through the
// package's public name (porthole/bot) as an integrator would: a FAQ search as the brain.

const faq = [
  { question: 'How do I reset my password?', answer: 'Use "Forgot password" on the sign-in page.' },
  {
    question: 'Do you ship abroad?',
    answer: 'Yes, to 30 countries: https://shop.example/shipping',
  },
]

function search(text: string) {
  const words = new Set(text.toLowerCase().match(/\p{L}+/gu) ?? [])
  const scored = faq.map((entry) => ({
    entry,
    score: (entry.question.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((word) =>
      words.has(word),
    ).length,
  }))
  const best = scored.sort((a, b) => b.score - a.score)[0]
  return best && best.score > 0 ? best.entry : undefined
}

const faqBrain: BotEventHandler = async (event, ctx) => {
  if (event.event !== 'CLIENT_MESSAGE' || event.message.type !== 'TEXT') return
  if (event.message.button_id === 'person') {
    await ctx.inviteAgent()
    return
  }
  const hit = search(event.message.text)
  if (!hit) {
    await ctx.inviteAgent()
    return
  }
  await ctx.reply({
    type: 'BUTTONS',
    title: hit.answer,
    text: `${hit.answer} (Reply "person" to talk to an agent.)`,
    buttons: [{ id: 'person', text: 'Talk to a person' }],
  })
}

const Sent = z.object({
  event: z.string(),
  message: z.object({ type: z.string(), title: z.string().optional() }).optional(),
})

function setup() {
  const fake = createFakeFetch(ok)
  const provider = createBotProvider({
    token: 'custom-brain-token',
    providerId: 'acme',
    baseUrl: 'https://bot.service.test',
    onEvent: faqBrain,
    fetch: fake.fetch,
    logger: createRecordingLogger(),
  })
  const app = new Hono().route('/bot', provider.routes)
  const post = (text: string, buttonId?: string) =>
    app.request('/bot/custom-brain-token', {
      method: 'POST',
      body: JSON.stringify(
        createClientMessageEvent({
          message: { type: 'TEXT', text, ...(buttonId ? { button_id: buttonId } : {}) },
        }),
      ),
    })
  const sent = () => fake.calls.map((call) => Sent.parse(call.body))
  return { provider, post, sent }
}

describe('a custom brain plugged into createBotProvider', () => {
  it('answers from its own knowledge with a BUTTONS message', async () => {
    const s = setup()
    expect((await s.post('how can I reset my password')).status).toBe(200)
    await s.provider.settled()
    expect(s.sent()).toEqual([
      {
        event: 'BOT_MESSAGE',
        message: { type: 'BUTTONS', title: 'Use "Forgot password" on the sign-in page.' },
      },
    ])
  })

  it('hands over when it knows nothing, or when its button is pressed', async () => {
    const s = setup()
    await s.post('what is the meaning of life')
    await s.post('Talk to a person', 'person')
    await s.provider.close()
    expect(s.sent().map((event) => event.event)).toEqual(['INVITE_AGENT', 'INVITE_AGENT'])
  })
})
