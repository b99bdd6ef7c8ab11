import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createBotProvider } from '../../../server/bot/provider'
import { KEY_PREFIXES } from '../../../server/store/keys'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createFakeFetch, createRecordingLogger, hang, ok } from '../support/bot-fakes'

const TOKEN = 'b2-token-0123456789'

/** A provider whose brain replies once per event with the customer's text. */
function providerOver(store: Store, fetch: typeof globalThis.fetch) {
  const provider = createBotProvider({
    token: TOKEN,
    providerId: 'porthole',
    baseUrl: 'http://service.test/bot-api/',
    fetch,
    store,
    logger: createRecordingLogger(),
    onEvent: async (event, ctx) => {
      if (event.event === 'CLIENT_MESSAGE' && event.message.type === 'TEXT')
        await ctx.reply(`echo ${event.message.text}`)
    },
  })
  const app = new Hono().route('/bot', provider.routes)
  const post = (body: unknown) =>
    app.request(`/bot/${TOKEN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  return { provider, post }
}

const events = Array.from({ length: 40 }, (_, i) =>
  createClientMessageEvent({
    chat_id: 'chat-1',
    client_id: 'client-1',
    message: { type: 'TEXT', text: `m${i}`, timestamp: 1_700_000_000 + i },
  }),
)

describe('bot shutdown with a backlog (the service hanging)', () => {
  it('close(timeout) returns with 40 events queued, and the next start handles each of them once, in order', async () => {
    const store = createMemoryStore()
    const hanging = createFakeFetch(hang)
    const first = providerOver(store, hanging.fetch)
    for (const event of events) expect((await first.post(event)).status).toBe(200)
    // Without the bound this waits for the whole backlog: 40 events x 3 attempts of 3 s.
    await first.provider.close(50)
    expect(hanging.calls.length).toBeGreaterThanOrEqual(1)
    expect(await store.listRecords(KEY_PREFIXES.botPending)).toHaveLength(40)

    const working = createFakeFetch(ok)
    const second = providerOver(store, working.fetch)
    await second.provider.resume()
    await second.provider.settled()
    const texts = working.calls.map(
      (call) => (call.body as { message: { text: string } }).message.text,
    )
    expect(texts).toEqual(events.map((_, i) => `echo m${i}`))
    expect(await store.listRecords(KEY_PREFIXES.botPending)).toEqual([])
    // Resumed again (another instance starting): nothing is handled twice.
    await second.provider.resume()
    await second.provider.settled()
    expect(working.calls).toHaveLength(40)
    await second.provider.close()
  })

  it('forgets an event once handled, and answers 503 when it cannot be kept', async () => {
    const store = createMemoryStore()
    const working = createFakeFetch(ok)
    const { provider, post } = providerOver(store, working.fetch)
    expect((await post(events[0])).status).toBe(200)
    await provider.settled()
    expect(await store.listRecords(KEY_PREFIXES.botPending)).toEqual([])

    const broken: Store = {
      ...store,
      setRecord: async () => {
        throw new Error('disk full')
      },
    }
    const failing = providerOver(broken, working.fetch)
    expect((await failing.post(events[1])).status).toBe(503)
    // Not taken: the service's retry is processed once the store works again.
    const again = providerOver(store, working.fetch)
    expect((await again.post(events[1])).status).toBe(200)
    await again.provider.settled()
    expect(working.calls).toHaveLength(2)
    await Promise.all([provider.close(), failing.provider.close(), again.provider.close()])
  })
})
