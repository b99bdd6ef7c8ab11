import { describe, expect, it, vi } from 'vitest'
import { createSandboxWithChannel, customerMessage, postJson } from '../support/test-sandbox'

const setup = () => createSandboxWithChannel()

describe('A2 customer message', () => {
  it('accepts a valid message with 200 and opens a chat with the customer card', async () => {
    const { service, send } = setup()
    const response = await send(
      customerMessage({
        sender: {
          id: 1233,
          name: 'John Smith',
          phone: '+1 555',
          email: 'j@example.com',
          photo: 'https://example.com/a.png',
          url: 'https://shop.example/cart',
        },
      }),
    )
    expect(response.status).toBe(200)
    const [chat] = service.chats.list()
    expect(chat?.clientId).toBe('1233')
    expect(chat?.senderId).toBe(1233)
    expect(chat?.customer).toEqual({
      name: 'John Smith',
      phone: '+1 555',
      email: 'j@example.com',
      photo: 'https://example.com/a.png',
      url: 'https://shop.example/cart',
    })
    expect(chat?.entries.at(-1)?.message).toEqual({ type: 'text', text: 'Hello, can you help?' })
    expect(chat?.unread).toBe(1)
  })

  it('cuts text over 1000 characters to 1000', async () => {
    const { service, send } = setup()
    await send(customerMessage({ message: { text: 'a'.repeat(1500) } }))
    const message = service.chats.list()[0]?.entries.at(-1)?.message
    expect(message?.type === 'text' && message.text).toBe('a'.repeat(1000))
  })

  it.each([
    ['absent sender.id', { sender: { name: 'Jo' }, message: { type: 'text', text: 'hi' } }],
    ['empty sender.id', { sender: { id: '' }, message: { type: 'text', text: 'hi' } }],
    ['null sender.id', { sender: { id: null }, message: { type: 'text', text: 'hi' } }],
    ['absent sender', { message: { type: 'text', text: 'hi' } }],
  ])('does not deliver a message with %s and says so', async (_, body) => {
    const { service, send } = setup()
    const response = await send(body)
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toMatch(/sender(\.id)? is .*not delivered/)
    expect(service.chats.list()).toEqual([])
  })

  it('refuses an invalid body with 400 and a text/plain description naming the field', async () => {
    const { service, send } = setup()
    const response = await send(
      customerMessage({ message: { type: 'photo', file: 'https://x.example/p.png' } }),
    )
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toMatch(/message\.file_name/)
    expect(service.chats.list()).toEqual([])
  })

  it('updates the customer card as the details change during a chat', async () => {
    const { service, send } = setup()
    await send(customerMessage({ sender: { name: 'Visitor' } }))
    await send(customerMessage({ sender: { name: 'Jo Doe', email: 'jo@example.com' } }))
    const chats = service.chats.list()
    expect(chats).toHaveLength(1)
    expect(chats[0]?.customer).toMatchObject({ name: 'Jo Doe', email: 'jo@example.com' })
  })

  it('shows the invite text to the agent as context, once per change', async () => {
    const { service, send } = setup()
    await send(customerMessage({ sender: { invite: 'Need a hand with sizes?' } }))
    await send(customerMessage({ sender: { invite: 'Need a hand with sizes?' } }))
    const chat = service.chats.list()[0]
    expect(chat?.customer.invite).toBe('Need a hand with sizes?')
    const system = chat?.entries.filter((entry) => entry.author === 'system') ?? []
    expect(system.map((entry) => entry.text)).toEqual([
      'Invitation shown to the customer: “Need a hand with sizes?”',
    ])
  })

  it('drops an avatar or page link that is not http(s) instead of refusing the message', async () => {
    const { service, send } = setup()
    const response = await send(
      customerMessage({ sender: { photo: 'javascript:alert(1)', url: 'ftp://x' } }),
    )
    expect(response.status).toBe(200)
    expect(service.chats.list()[0]?.customer).toEqual({ name: 'Jo Doe' })
  })

  it('drives the typing indicator with typein/typeout and clears it on a message', async () => {
    const { service, send } = setup()
    await send(customerMessage())
    await send(customerMessage({ message: { type: 'typein' } }))
    expect(service.chats.list()[0]?.customerTyping).toBe(true)
    await send(customerMessage({ message: { type: 'typeout' } }))
    expect(service.chats.list()[0]?.customerTyping).toBe(false)
    await send(customerMessage({ message: { type: 'typein' } }))
    await send(customerMessage({ message: { text: 'done typing' } }))
    const chat = service.chats.list()[0]
    expect(chat?.customerTyping).toBe(false)
    expect(chat?.entries.filter((entry) => entry.author === 'customer')).toHaveLength(2)
  })

  it('ends a typing indicator that no typeout ended, and each typein keeps it on', async () => {
    vi.useFakeTimers()
    try {
      const { send, ...sandbox } = createSandboxWithChannel({
        agents: [],
        timings: { customerTypingMs: 10_000 },
      })
      const typing = () => sandbox.service.chats.list()[0]?.customerTyping
      await send(customerMessage())
      await send(customerMessage({ message: { type: 'typein' } }))
      vi.advanceTimersByTime(9_000)
      await send(customerMessage({ message: { type: 'typein' } }))
      vi.advanceTimersByTime(9_000)
      expect(typing()).toBe(true)
      // The tab closed mid-word: no typeout ever comes.
      vi.advanceTimersByTime(1_000)
      expect(typing()).toBe(false)
      // A typeout or a message stops the clock: nothing flips later.
      await send(customerMessage({ message: { type: 'typein' } }))
      await send(customerMessage({ message: { text: 'Sent before the expiry' } }))
      vi.advanceTimersByTime(60_000)
      expect(typing()).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })

  it('opens no chat for typing alone', async () => {
    const { service, send } = setup()
    const response = await send(customerMessage({ message: { type: 'typein' } }))
    expect(response.status).toBe(200)
    expect(service.chats.list()).toEqual([])
  })

  it('accepts every media type and location from the customer', async () => {
    const { service, send } = setup()
    const file = { file: 'https://cdn.example/f.bin', file_name: 'f.bin', file_size: 2048 }
    for (const type of ['video', 'audio', 'voice', 'photo', 'sticker', 'document']) {
      expect((await send(customerMessage({ message: { type, ...file } }))).status).toBe(200)
    }
    expect(
      (
        await send(
          customerMessage({ message: { type: 'location', latitude: 52.52, longitude: 13.4 } }),
        )
      ).status,
    ).toBe(200)
    const types = service.chats.list()[0]?.entries.map((entry) => entry.message?.type)
    expect(types).toEqual(['video', 'audio', 'voice', 'photo', 'sticker', 'document', 'location'])
  })

  it('keeps one chat per customer per channel, and a new one after close', async () => {
    const { service, send } = setup()
    await send(customerMessage({ sender: { id: 'a' } }))
    await send(customerMessage({ sender: { id: 'b' } }))
    await send(customerMessage({ sender: { id: 'a' } }))
    expect(service.chats.list({ state: 'open' })).toHaveLength(2)
    const chatOfA = service.chats.list().find((chat) => chat.clientId === 'a')
    service.closeChat(chatOfA?.id ?? '')
    await send(customerMessage({ sender: { id: 'a' } }))
    const chatsOfA = service.chats.list().filter((chat) => chat.clientId === 'a')
    expect(chatsOfA.map((chat) => chat.state).sort()).toEqual(['closed', 'queued'])
  })

  it('answers 404 with no details for an unknown channel or wrong random string', async () => {
    const { app, channel } = setup()
    const unknown = await app.request(`/${channel.randomString}/nope`, postJson(customerMessage()))
    const wrongRandom = await app.request(
      `/${'A'.repeat(32)}/${channel.id}`,
      postJson(customerMessage()),
    )
    for (const response of [unknown, wrongRandom]) {
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('Not Found')
    }
  })
})
