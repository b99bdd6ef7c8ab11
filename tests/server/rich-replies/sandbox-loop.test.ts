import { afterEach, describe, expect, it } from 'vitest'
import { HistoryResponse } from '../../../shared/widget-api'
import { eventually } from '../support/bot-fakes'
import { startBotLoop } from '../support/bot-loop'

// The whole loop with the backend's own bot (started by startServer from BOT_*): the bot
// sends BUTTONS (B1) -> the sandbox delivers the fallback (A3) -> the widget's stream
// carries the entry with `rich`; an agent's equal text later stays plain.

const FALLBACK = 'Where should we deliver? Reply "City" or "Country", or ask for an agent.'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startLoop() {
  const loop = await startBotLoop()
  cleanups.push(loop.close)
  // What the agents' side wrote: not who took the chat (joined).
  const received = () => loop.received().filter((entry) => entry.joined === undefined)
  const history = async () =>
    HistoryResponse.parse(await (await loop.call('/api/history')).json()).entries
  return { sandbox: loop.sandbox, say: loop.say, received, history }
}

describe('the bot’s buttons in the whole loop (sandbox)', () => {
  it('arrive in the stream and the history as buttons; the tap’s text gets the bot’s next answer', async () => {
    const loop = await startLoop()
    await loop.say('What about shipping?')
    await eventually(() => loop.received().length >= 2)
    const buttons = loop.received()[1]
    expect(buttons?.content).toEqual({ type: 'text', id: expect.any(String), text: FALLBACK })
    expect(buttons?.rich).toEqual({
      type: 'buttons',
      text: 'Where should we deliver?',
      buttons: [
        { id: 'delivery-city', text: 'City' },
        { id: 'delivery-country', text: 'Country' },
        { id: 'handover', text: 'Talk to a person' },
      ],
    })
    expect((await loop.history()).find((entry) => entry.id === buttons?.id)?.rich).toEqual(
      buttons?.rich,
    )
    // What a tap sends: the button's text, as the fallback asks the customer to type.
    await loop.say('Country')
    await eventually(() => loop.received().length >= 3)
    expect(loop.received()[2]).toMatchObject({ content: { text: 'Two to five days.' } })
    expect(loop.received()[2]?.rich).toBeUndefined()

    // An agent who then types the very same text gets no buttons.
    const chat = loop.sandbox.service.chats.list().at(-1)
    if (!chat) throw new Error('no chat in the sandbox')
    const { delivery } = loop.sandbox.service.sendAgentMessage(chat.id, {
      message: { type: 'text', text: FALLBACK },
    })
    expect((await delivery).status).toBe('delivered')
    await eventually(() => loop.received().length >= 4)
    expect(loop.received()[3]).toMatchObject({ name: 'Anna', content: { text: FALLBACK } })
    expect(loop.received()[3]?.rich).toBeUndefined()
  })
})
