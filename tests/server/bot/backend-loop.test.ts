import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../support/bot-fakes'
import { startBotLoop } from '../support/bot-loop'

// The whole product loop with the bot: widget API -> backend -> sandbox (A2) -> the
// bot (B2) -> sandbox (B1) -> backend (A3) -> the customer's SSE stream.

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startLoop() {
  const loop = await startBotLoop({ ownBot: true })
  cleanups.push(loop.close)
  const bot = loop.bot
  if (!bot) throw new Error('the loop started no bot of its own')
  const botTexts = () =>
    loop
      .received()
      .map((entry) => (entry.content.type === 'text' ? entry.content.text : entry.content.type))
  return { sandbox: loop.sandbox, bot, say: loop.say, botTexts }
}

describe('the bot in the whole loop (widget API, backend, sandbox)', () => {
  it("shows the bot's replies, fallback texts included, in the customer's stream", async () => {
    const loop = await startLoop()
    await loop.say('What are your prices?')
    await eventually(() => loop.botTexts().length >= 2)
    expect(loop.botTexts()).toEqual([
      'Hello! I am the shop bot.',
      'See our prices at https://example.com/prices',
    ])
  })

  it('hands over to the agent, who then answers in the same stream while the bot stays silent', async () => {
    const loop = await startLoop()
    await loop.say('Do you sell bikes?')
    await eventually(() => loop.botTexts().length >= 2)
    const chat = loop.sandbox.service.chats.list().at(-1)
    if (!chat) throw new Error('no chat in the sandbox')
    expect(chat.state).toBe('queued')
    const { delivery } = loop.sandbox.service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: 'Hi, Anna here.' },
    })
    expect((await delivery).status).toBe('delivered')
    await loop.say('When are you open?')
    // Let any reply travel the whole way (B2, the bot, B1, A3) before checking it did not come.
    for (let round = 0; round < 3; round++) {
      await loop.sandbox.service.settled()
      await loop.bot.settled()
    }
    await eventually(() => loop.botTexts().includes('Hi, Anna here.'))
    expect(loop.botTexts()).toEqual([
      'Hello! I am the shop bot.',
      'Connecting you to an agent…',
      'Hi, Anna here.',
    ])
  })
})
