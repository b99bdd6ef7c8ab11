import { describe, expect, it } from 'vitest'
import { maskedClientMessage } from '../../../server/bot/masked-input'
import { ClientMessageEvent } from '../../../shared/protocol/bot'

const event = (text: string | undefined) =>
  ClientMessageEvent.parse({
    event: 'CLIENT_MESSAGE',
    id: 'event-1',
    chat_id: 'chat-1',
    client_id: 'client-1',
    message:
      text === undefined
        ? { type: 'PHOTO', file: 'https://x.example/a.png' }
        : { type: 'TEXT', text },
  })

describe('maskedClientMessage: what the bot reads', () => {
  it('hides a card number and an IBAN in the customer’s text', () => {
    const masked = maskedClientMessage(event('pay with 5555 5555 5555 4444 or NL91ABNA0417164300?'))
    expect(masked.message.text).toBe('pay with •••• •••• •••• 4444 or NL•• •••• •••• 4300?')
    expect(masked.chat_id).toBe('chat-1')
  })

  it('hands on the same event when there is nothing to hide', () => {
    const plain = event('where is my order 123456?')
    expect(maskedClientMessage(plain)).toBe(plain)
  })
})
