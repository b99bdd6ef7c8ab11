import { afterEach, describe, expect, it } from 'vitest'
import { createRichReplies } from '../../../server/rich-replies/rich-replies'
import type { Store } from '../../../server/store/types'
import { HistoryResponse } from '../../../shared/widget-api'
import {
  createTestConfig,
  createTestSettings,
  TEST_WEBHOOK_SECRET,
} from '../../support/test-config'
import { createAgentMessage } from '../support/agent-message'
import {
  createShippingButtons,
  SHIPPING_FALLBACK,
  SHIPPING_LOOK,
} from '../support/shipping-buttons'
import { createTestApp, type TestApp } from '../support/test-app'

// A3 → the visitor's entry: the fallback of a message Porthole's bot sent shows as it was.

const HOOK = `/hooks/${TEST_WEBHOOK_SECRET}/chan42`
const FALLBACK = SHIPPING_FALLBACK
const BUTTONS = createShippingButtons()
const LOOK = SHIPPING_LOOK

let t: TestApp
afterEach(() => t?.stop())

/** A backend whose own bot has a rule answering with BUTTONS (only its fallbacks are looked up). */
function createBotApp(bot: boolean = true) {
  return createTestApp({
    config: createTestConfig(
      bot
        ? { bot: { token: 'bot-token', providerId: 'porthole', baseUrl: 'http://127.0.0.1:9' } }
        : {},
    ),
    settings: createTestSettings({
      bot: {
        rules: [
          { name: 'shipping', keywords: ['ship'], reply: BUTTONS },
          { name: 'domestic', reply: 'One to three days.' },
          { name: 'abroad', reply: 'Five to ten days.' },
        ],
      },
    }),
  })
}

async function deliver(body: unknown) {
  const res = await t.app.request(HOOK, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ result: 'ok' })
}

function fromBot(recipientId: string, text = FALLBACK) {
  return createAgentMessage({
    recipientId,
    sender: { name: 'Northwind bot', photo: undefined },
    message: { text },
  })
}

async function entries(visitorId: string) {
  return t.deps.store.readAfter(visitorId, undefined, 50)
}

function bot(store: Store) {
  return createRichReplies({ store, now: Date.now })
}

describe('A3: the fallback of the bot’s buttons or Markdown', () => {
  it('attaches the buttons to the same customer’s fallback, in the stream and the history', async () => {
    t = createBotApp()
    const { token, visitorId } = await t.newVisitor()
    const pushed: unknown[] = []
    t.deps.store.subscribe(visitorId, (event) => pushed.push(event))
    await bot(t.deps.store).remember(visitorId, BUTTONS)
    await deliver(fromBot(visitorId))
    const [entry] = await entries(visitorId)
    expect(entry).toMatchObject({ author: 'agent', content: { text: FALLBACK }, rich: LOOK })
    expect(pushed).toEqual([{ event: 'message', data: entry }])
    const res = await t.request('/api/history', { token })
    expect(HistoryResponse.parse(await res.json()).entries).toEqual([entry])
  })

  it('never attaches them to another customer’s equal text', async () => {
    t = createBotApp()
    await bot(t.deps.store).remember('visitor-1', BUTTONS)
    await deliver(fromBot('visitor-2'))
    const [entry] = await entries('visitor-2')
    expect(entry?.content).toMatchObject({ text: FALLBACK })
    expect(entry?.rich).toBeUndefined()
  })

  it('leaves an agent’s equal text after the bot’s own plain', async () => {
    t = createBotApp()
    await bot(t.deps.store).remember('visitor-1', BUTTONS)
    await deliver(fromBot('visitor-1'))
    await deliver(createAgentMessage({ recipientId: 'visitor-1', message: { text: FALLBACK } }))
    const [botEntry, agentEntry] = await entries('visitor-1')
    expect(botEntry?.rich).toEqual(LOOK)
    expect(agentEntry).toMatchObject({ name: 'Anna', content: { text: FALLBACK } })
    expect(agentEntry?.rich).toBeUndefined()
  })

  it('leaves an agent’s equal text plain once an agent joined (the bot forgot)', async () => {
    t = createBotApp()
    const rich = bot(t.deps.store)
    await rich.remember('visitor-1', BUTTONS)
    await rich.forget('visitor-1')
    await deliver(createAgentMessage({ recipientId: 'visitor-1', message: { text: FALLBACK } }))
    expect((await entries('visitor-1'))[0]?.rich).toBeUndefined()
  })

  it('a repeated A3 message takes nothing: the bot’s second equal message keeps its buttons', async () => {
    t = createBotApp()
    const rich = bot(t.deps.store)
    await rich.remember('visitor-1', BUTTONS)
    await rich.remember('visitor-1', BUTTONS)
    const first = fromBot('visitor-1')
    await deliver(first)
    await deliver(first)
    await deliver(fromBot('visitor-1'))
    const stored = await entries('visitor-1')
    expect(stored).toHaveLength(2)
    expect(stored.map((entry) => entry.rich)).toEqual([LOOK, LOOK])
  })

  it('an entry that could not be stored leaves the buttons for the service’s retry', async () => {
    t = createBotApp()
    await bot(t.deps.store).remember('visitor-1', BUTTONS)
    const append = t.deps.store.append
    t.deps.store.append = async () => {
      throw new Error('disk full')
    }
    const body = fromBot('visitor-1')
    const res = await t.app.request(HOOK, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(503)
    t.deps.store.append = append
    await deliver(body)
    expect((await entries('visitor-1'))[0]?.rich).toEqual(LOOK)
  })

  it('without the bot configured, looks nothing up', async () => {
    t = createBotApp(false)
    await bot(t.deps.store).remember('visitor-1', BUTTONS)
    await deliver(fromBot('visitor-1'))
    expect((await entries('visitor-1'))[0]?.rich).toBeUndefined()
  })

  it('keeps other texts plain', async () => {
    t = createBotApp()
    await bot(t.deps.store).remember('visitor-1', BUTTONS)
    await deliver(fromBot('visitor-1', 'Hello!'))
    expect((await entries('visitor-1'))[0]?.rich).toBeUndefined()
  })
})
