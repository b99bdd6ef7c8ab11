import { describe, expect, it } from 'vitest'
import type { BotContext } from '../../../server/bot/provider'
import { withRichReplies } from '../../../server/bot/with-rich-replies'
import { createRichReplies, type RichReplies } from '../../../server/rich-replies/rich-replies'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { BotButtonsMessage, ServiceToProviderEvent } from '../../../shared/protocol/bot'
import { createRecordingLogger } from '../support/bot-fakes'

const BUTTONS: BotButtonsMessage = {
  type: 'BUTTONS',
  text: 'Reply "Yes" or "No".',
  buttons: [{ text: 'Yes' }, { text: 'No' }],
}

function contextFor(sent: unknown[]): BotContext {
  return {
    eventId: 'e1',
    chatId: 'chat-1',
    clientId: 'visitor-1',
    reply: async (message) => {
      sent.push(message)
      return { ok: true, eventId: 'b1', status: 200, attempts: 1 }
    },
    inviteAgent: async () => ({ ok: true, eventId: 'b2', status: 200, attempts: 1 }),
    logger: createRecordingLogger(),
  }
}

const clientMessage: ServiceToProviderEvent = {
  event: 'CLIENT_MESSAGE',
  id: 'e1',
  client_id: 'visitor-1',
  chat_id: 'chat-1',
  message: { type: 'TEXT', text: 'Hi' },
}

describe('withRichReplies: the bot remembers its buttons for the widget', () => {
  it('remembers a reply before sending it, for the event’s customer', async () => {
    const rich = createRichReplies({ store: createMemoryStore(), now: Date.now })
    const sent: unknown[] = []
    let heldWhileSending: unknown
    const handler = withRichReplies(async (_event, ctx) => {
      await ctx.reply(BUTTONS)
    }, rich)
    const ctx = contextFor(sent)
    const reply = ctx.reply
    ctx.reply = async (message) => {
      // The A3 delivery may come before B1 answers: it is there already.
      heldWhileSending = await rich.take('visitor-1', BUTTONS.text ?? '')
      return reply(message)
    }
    await handler(clientMessage, ctx)
    expect(sent).toEqual([BUTTONS])
    expect(heldWhileSending).toMatchObject({ rich: { type: 'buttons' } })
  })

  it.each(['AGENT_JOINED', 'CHAT_CLOSED'] as const)('forgets them on %s', async (kind) => {
    const rich = createRichReplies({ store: createMemoryStore(), now: Date.now })
    await rich.remember('visitor-1', BUTTONS)
    const handler = withRichReplies(async () => {}, rich)
    await handler(
      { event: kind, id: 'e2', client_id: 'visitor-1', chat_id: 'chat-1' },
      contextFor([]),
    )
    expect(await rich.take('visitor-1', BUTTONS.text ?? '')).toBeUndefined()
  })

  it('sends the reply even when the store fails (it shows as plain text)', async () => {
    const failing: RichReplies = {
      remember: async () => {
        throw new Error('store down')
      },
      forget: async () => {},
      take: async () => undefined,
    }
    const sent: unknown[] = []
    const ctx = contextFor(sent)
    await withRichReplies(async (_event, c) => {
      await c.reply(BUTTONS)
    }, failing)(clientMessage, ctx)
    expect(sent).toEqual([BUTTONS])
  })
})
