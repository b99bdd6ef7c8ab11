import { describe, expect, it } from 'vitest'
import { createRichReplies, RICH_REPLY_TTL_MS } from '../../../server/rich-replies/rich-replies'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { BotMarkdownMessage } from '../../../shared/protocol/bot'
import {
  createShippingButtons,
  SHIPPING_FALLBACK,
  SHIPPING_LOOK,
} from '../support/shipping-buttons'

function setup() {
  let clock = 1_700_000_000_000
  const now = () => clock
  const store = createMemoryStore({ now })
  const rich = createRichReplies({ store, now })
  return {
    rich,
    store,
    advance: (ms: number) => {
      clock += ms
    },
  }
}

describe('rich replies: matching the fallback an A3 text brings back', () => {
  it('gives the same customer’s exact fallback its buttons', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    const taken = await rich.take('visitor-1', SHIPPING_FALLBACK)
    expect(taken?.rich).toEqual(SHIPPING_LOOK)
  })

  it('never gives another customer’s message the buttons', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    expect(await rich.take('visitor-2', SHIPPING_FALLBACK)).toBeUndefined()
    // Still there for its own customer.
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeDefined()
  })

  it('matches only the exact text', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    expect(await rich.take('visitor-1', `${SHIPPING_FALLBACK} `)).toBeUndefined()
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK.toLowerCase())).toBeUndefined()
  })

  it('is taken once: an equal text after it (an agent’s) stays plain', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    const first = await rich.take('visitor-1', SHIPPING_FALLBACK)
    expect(first).toBeDefined()
    // Taken but not yet committed (the entry is being stored): nobody else gets it.
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeUndefined()
    await first?.commit()
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeUndefined()
  })

  it('sent twice, matches twice, each once', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    await rich.remember('visitor-1', createShippingButtons())
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeDefined()
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeDefined()
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeUndefined()
  })

  it('a released take (the entry could not be stored) matches the retry', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    const first = await rich.take('visitor-1', SHIPPING_FALLBACK)
    await first?.release()
    expect((await rich.take('visitor-1', SHIPPING_FALLBACK))?.rich).toEqual(SHIPPING_LOOK)
  })

  it('expires after its lifetime', async () => {
    const { rich, advance } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    advance(RICH_REPLY_TTL_MS - 1)
    await rich.remember('visitor-2', createShippingButtons())
    advance(1)
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeUndefined()
    expect(await rich.take('visitor-2', SHIPPING_FALLBACK)).toBeDefined()
  })

  it('is forgotten when an agent joins or the chat closes', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons())
    await rich.forget('visitor-1')
    expect(await rich.take('visitor-1', SHIPPING_FALLBACK)).toBeUndefined()
  })

  it('keeps at most five per customer, dropping the oldest', async () => {
    const { rich, store, advance } = setup()
    for (let n = 1; n <= 6; n++) {
      await rich.remember('visitor-1', createShippingButtons({ text: `question ${n}` }))
      advance(1000)
    }
    expect(await store.indexMembers('bot-rich:visitor-1')).toHaveLength(5)
    expect(await store.listRecords('bot-rich-item:visitor-1:')).toHaveLength(5)
    expect(await rich.take('visitor-1', 'question 1')).toBeUndefined()
    for (let n = 2; n <= 6; n++) expect(await rich.take('visitor-1', `question ${n}`)).toBeDefined()
  })

  it('remembers Markdown as its content, and no TEXT or message without fallback', async () => {
    const { rich, store } = setup()
    const markdown: BotMarkdownMessage = {
      type: 'MARKDOWN',
      content: 'See **the price list**: [prices](https://shop.example/prices)',
      text: 'See the price list at https://shop.example/prices',
    }
    await rich.remember('visitor-1', { type: 'TEXT', text: 'Hello' })
    await rich.remember('visitor-1', createShippingButtons({ text: undefined }))
    expect(await store.indexMembers('bot-rich:visitor-1')).toEqual([])
    await rich.remember('visitor-1', markdown)
    expect((await rich.take('visitor-1', markdown.text ?? ''))?.rich).toEqual({
      type: 'markdown',
      text: markdown.content,
    })
  })

  it('shows the fallback as the heading of buttons without a title', async () => {
    const { rich } = setup()
    await rich.remember('visitor-1', createShippingButtons({ title: undefined }))
    expect((await rich.take('visitor-1', SHIPPING_FALLBACK))?.rich).toEqual({
      ...SHIPPING_LOOK,
      text: SHIPPING_FALLBACK,
    })
  })
})
