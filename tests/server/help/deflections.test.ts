import { describe, expect, it } from 'vitest'
import { createDeflections, DEFLECTION_WINDOW_MS } from '../../../server/help/deflections'
import { looksLikeQuestion, normalizeQuestion } from '../../../server/help/normalize-question'
import { createLogger } from '../../../server/logging/logger'
import { createMemoryStore } from '../../../server/store/memory-store'

const MINUTE = 60_000

function rig() {
  let now = 1_000_000
  let counted = 0
  const store = createMemoryStore()
  const deflections = createDeflections({
    store,
    now: () => now,
    logger: createLogger({ level: 'error', write: () => {} }),
    count: async () => {
      counted++
    },
  })
  const message = (visitorId: string) =>
    store.append(visitorId, { author: 'visitor', content: { type: 'text', text: 'hi' }, at: now })
  return {
    deflections,
    message,
    advance: (ms: number) => {
      now += ms
    },
    get counted() {
      return counted
    },
  }
}

describe('deflections', () => {
  it('counts an article opened and no message within 10 minutes, once, on the sweep after', async () => {
    const r = rig()
    await r.deflections.opened('quiet', 'returns')
    r.advance(DEFLECTION_WINDOW_MS - MINUTE)
    await r.deflections.sweep()
    expect(r.counted).toBe(0)
    r.advance(MINUTE)
    await r.deflections.sweep()
    await r.deflections.sweep()
    expect(r.counted).toBe(1)
  })

  it('does not count when the visitor wrote within the 10 minutes', async () => {
    const r = rig()
    await r.deflections.opened('writer')
    r.advance(5 * MINUTE)
    await r.message('writer')
    r.advance(10 * MINUTE)
    await r.deflections.sweep()
    expect(r.counted).toBe(0)
  })

  it('counts "That helped" at once and spends the running clock', async () => {
    const r = rig()
    await r.deflections.opened('pleased')
    await r.deflections.helpful('pleased')
    expect(r.counted).toBe(1)
    r.advance(DEFLECTION_WINDOW_MS)
    await r.deflections.sweep()
    expect(r.counted).toBe(1)
  })
})

describe('unanswered questions', () => {
  it('are normalized, and only questions of three words or more count', () => {
    expect(normalizeQuestion('  Where is   my ORDER?? ')).toBe('where is my order')
    expect(looksLikeQuestion('where is my order')).toBe(true)
    expect(looksLikeQuestion('refund policy')).toBe(false)
    expect(looksLikeQuestion('我的订单在哪里')).toBe(true)
  })
})
