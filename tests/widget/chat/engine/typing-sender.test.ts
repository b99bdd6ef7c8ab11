import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTypingSender } from '../../../../widget/chat/engine/typing-sender'

afterEach(() => {
  vi.useRealTimers()
})

/** A typing sender on fake timers, and what it has sent. */
function typingOnFakeTimers() {
  vi.useFakeTimers()
  const sent: string[] = []
  const typing = createTypingSender(
    (type) => sent.push(type),
    () => Date.now(),
  )
  return { sent, typing }
}

describe('createTypingSender', () => {
  it('sends typein at most once per 3 s while typing, and typeout 3 s after the last key', () => {
    const { sent, typing } = typingOnFakeTimers()
    typing.input('a')
    vi.advanceTimersByTime(1000)
    typing.input('ab')
    vi.advanceTimersByTime(1000)
    typing.input('abc')
    expect(sent).toEqual(['typein'])
    vi.advanceTimersByTime(1000)
    typing.input('abcd')
    expect(sent).toEqual(['typein', 'typein'])
    vi.advanceTimersByTime(2999)
    expect(sent).toEqual(['typein', 'typein'])
    vi.advanceTimersByTime(1)
    expect(sent).toEqual(['typein', 'typein', 'typeout'])
  })

  it('sends typeout when the text is emptied or the message is sent, once', () => {
    const { sent, typing } = typingOnFakeTimers()
    typing.input('hi')
    typing.input('')
    typing.stop()
    expect(sent).toEqual(['typein', 'typeout'])
    vi.advanceTimersByTime(3000)
    typing.input('again')
    typing.stop()
    vi.advanceTimersByTime(10_000)
    expect(sent).toEqual(['typein', 'typeout', 'typein', 'typeout'])
  })

  it('stays quiet when typing restarts within 3 s of the last typein', () => {
    const { sent, typing } = typingOnFakeTimers()
    typing.input('x')
    typing.stop()
    vi.advanceTimersByTime(1000)
    typing.input('y')
    expect(sent).toEqual(['typein', 'typeout'])
  })
})
