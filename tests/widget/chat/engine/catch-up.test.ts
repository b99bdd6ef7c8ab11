import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConversationEntry } from '../../../../shared/widget-api'
import { CATCH_UP_CHUNK, createCatchUp } from '../../../../widget/chat/engine/catch-up'
import { createEntry } from '../../../support/widget-factories'

function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
}

afterEach(() => {
  vi.useRealTimers()
  setHidden(false)
})

describe('catch-up after a long absence', () => {
  it('applies a 1,500-entry replay in chunks, one task each, in order', async () => {
    vi.useFakeTimers()
    const batches: ConversationEntry[][] = []
    const catchUp = createCatchUp((entries) => batches.push(entries))
    const replay = Array.from({ length: 1500 }, () => createEntry())
    for (const entry of replay) catchUp.push(entry)
    expect(batches).toHaveLength(0)
    await vi.advanceTimersToNextTimerAsync()
    expect(batches.map((batch) => batch.length)).toEqual([CATCH_UP_CHUNK])
    await vi.runAllTimersAsync()
    expect(batches).toHaveLength(1500 / CATCH_UP_CHUNK)
    expect(batches.flat()).toEqual(replay)
  })

  it('applies everything at once in a hidden tab (it draws nothing)', async () => {
    vi.useFakeTimers()
    setHidden(true)
    const batches: ConversationEntry[][] = []
    const catchUp = createCatchUp((entries) => batches.push(entries))
    for (let index = 0; index < 1000; index++) catchUp.push(createEntry())
    await vi.advanceTimersToNextTimerAsync()
    expect(batches.map((batch) => batch.length)).toEqual([1000])
  })

  it('forgets what waits when the conversation changes', async () => {
    vi.useFakeTimers()
    const batches: ConversationEntry[][] = []
    const catchUp = createCatchUp((entries) => batches.push(entries))
    for (let index = 0; index < 300; index++) catchUp.push(createEntry())
    await vi.advanceTimersToNextTimerAsync()
    catchUp.clear()
    await vi.runAllTimersAsync()
    expect(batches.flat()).toHaveLength(CATCH_UP_CHUNK)
  })
})
