import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../support/bot-fakes'
import { startBotLoop } from '../support/bot-loop'
import { useFakeModel } from '../support/fake-model'
import { createSettingsInput } from '../support/rule-factories'

// The written answer in the whole loop on real sockets: widget API -> backend -> sandbox
// (A2) -> the backend's own bot (B2) -> the model -> sandbox (B1) -> backend (A3) -> the
// visitor's stream, with the Markdown the widget shows.

const ADMIN_TOKEN = 'admin-token-0123456789abcdef'
const CITED = 'Unworn items go back within **30 days** [[returns]].'
const model = useFakeModel()

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startLoop(env: Record<string, string>) {
  const loop = await startBotLoop({
    env: { ADMIN_PASSWORD: 'correct horse battery', ADMIN_TOKEN, ...env },
    bot: createSettingsInput({ greeting: undefined, modelAnswers: { enabled: true } }),
  })
  cleanups.push(loop.close)
  // The bot's messages (the "The bot is answering" line aside).
  const fromBot = () => loop.received().filter((entry) => entry.author === 'agent')
  const saved = await fetch(`${loop.server.url}/admin/api/help/articles/returns`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Returning an order',
      body: 'You can return unworn items within 30 days of delivery for a full refund.',
      language: 'en',
      published: true,
      featured: false,
    }),
  })
  expect(saved.status).toBe(200)
  return { ...loop, fromBot }
}

describe('model answers in the whole loop', () => {
  it('the visitor gets the written answer with its link and buttons; "Talk to a person" hands over', async () => {
    const loop = await startLoop({ ANSWERS_LLM_URL: model.url, ANSWERS_LLM_MODEL: 'fake' })
    model.queue({ content: CITED })
    await loop.say('Can I return my unworn boots?')
    await eventually(() => loop.fromBot().length >= 2)
    const [answer, buttons] = loop.fromBot()
    expect(answer?.rich).toEqual({
      type: 'markdown',
      text: `Unworn items go back within **30 days**.\n\n[Returning an order](${loop.server.config.publicUrl}/help/returns)`,
    })
    expect(buttons?.rich).toMatchObject({
      type: 'buttons',
      buttons: [{ text: 'That helped' }, { text: 'Talk to a person' }],
    })
    expect(model.promptOf()).toContain('30 days of delivery')
    await loop.say('Talk to a person')
    await eventually(() => loop.sandbox.service.chats.list().at(-1)?.state === 'queued')
    expect(model.requests).toHaveLength(1)
  })

  it('without ANSWERS_LLM_URL (npm start’s default) the bot answers from the article as before', async () => {
    const loop = await startLoop({})
    await loop.say('Can I return my unworn boots?')
    await eventually(() => loop.fromBot().length >= 2)
    const [answer] = loop.fromBot()
    expect(answer?.content).toMatchObject({
      type: 'text',
      text: expect.stringContaining('This article may answer your question:'),
    })
    expect(model.requests).toHaveLength(0)
  })
})
