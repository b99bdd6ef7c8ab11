import { describe, expect, it } from 'vitest'
import { applyEvent, parseSandboxEvent } from '../../../demo/console/src/live-state'
import { createChat, createState } from '../support/console-factories'

describe('console live state', () => {
  it('starts from the snapshot, newest chat first', () => {
    const older = createChat({ id: '1', updatedAt: 10 })
    const newer = createChat({ id: '2', updatedAt: 20 })
    const state = applyEvent(undefined, {
      type: 'snapshot',
      state: createState({ chats: [older, newer] }),
    })
    expect(state?.chats.map((chat) => chat.id)).toEqual(['2', '1'])
  })

  it('replaces a changed chat and moves it to the top', () => {
    const state = createState({
      chats: [createChat({ id: '2', updatedAt: 20 }), createChat({ id: '1', updatedAt: 10 })],
    })
    const next = applyEvent(state, {
      type: 'chat',
      chat: createChat({ id: '1', updatedAt: 30, customerTyping: true }),
    })
    expect(next?.chats.map((chat) => [chat.id, chat.customerTyping])).toEqual([
      ['1', true],
      ['2', false],
    ])
  })

  it('adds a new e-mail on top, replaces a changed one and follows the mailbox state', () => {
    const mail = (id: string, receivedAt: number, replies = 0) => ({
      id,
      receivedAt,
      envelopeFrom: 'bounce@shop.example',
      envelopeTo: ['jo@example.com'],
      from: 'Shop <chat@shop.example>',
      to: 'jo@example.com',
      subject: `E-mail ${id}`,
      replies: Array.from({ length: replies }, (_, at) => ({ at, text: 'Thanks', status: 200 })),
    })
    const state = createState({ mail: [mail('a', 10)] })
    const added = applyEvent(state, { type: 'mail', mail: mail('b', 20) })
    expect(added?.mail.map((item) => item.id)).toEqual(['b', 'a'])
    const replied = applyEvent(added, { type: 'mail', mail: mail('a', 10, 1) })
    expect(replied?.mail.map((item) => [item.id, item.replies.length])).toEqual([
      ['b', 0],
      ['a', 1],
    ])
    const down = applyEvent(replied, {
      type: 'mailbox',
      mailbox: { down: true, canReply: true, smtpUrl: 'smtp://127.0.0.1:2525' },
    })
    expect(down?.mailbox).toEqual({ down: true, canReply: true, smtpUrl: 'smtp://127.0.0.1:2525' })
    expect(parseSandboxEvent(JSON.stringify({ type: 'mail', mail: { id: 'x' } }))).toBeUndefined()
  })

  it('adds a new chat and replaces agents, channels and providers', () => {
    const state = createState()
    const withChat = applyEvent(state, { type: 'chat', chat: createChat({ id: '9' }) })
    expect(withChat?.chats).toHaveLength(1)
    const agents = applyEvent(withChat, {
      type: 'agents',
      agents: [{ id: 'b', name: 'Boris', online: false }],
    })
    expect(agents?.agents).toEqual([{ id: 'b', name: 'Boris', online: false }])
    const providers = applyEvent(agents, {
      type: 'bot-providers',
      botProviders: [
        { providerId: 'p', endpointUrl: 'https://b.example', token: 't', name: 'Bot' },
      ],
    })
    expect(providers?.botProviders).toHaveLength(1)
  })

  it('ignores changes that arrive before the snapshot', () => {
    expect(applyEvent(undefined, { type: 'chat', chat: createChat() })).toBeUndefined()
  })

  it('parses stream events with the sandbox schemas and drops malformed ones', () => {
    expect(parseSandboxEvent(JSON.stringify({ type: 'chat', chat: createChat() }))?.type).toBe(
      'chat',
    )
    expect(parseSandboxEvent('{"type":"chat","chat":{"id":1}}')).toBeUndefined()
    expect(parseSandboxEvent('not json')).toBeUndefined()
    expect(parseSandboxEvent('{"type":"traffic","entry":{}}')).toBeUndefined()
  })
})
