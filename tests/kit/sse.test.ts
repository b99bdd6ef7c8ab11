import { describe, expect, it } from 'vitest'
import { createSseReader, parseSse, type SseEvent } from '../../kit/sse'

describe('createSseReader', () => {
  it('parses events split anywhere, with CRLF, comments, multi-line data and ids', () => {
    const text =
      'retry: 3000\r\n\r\n: heartbeat\n\nid: 1\nevent: message\ndata: {"a":1}\n\nevent: status\ndata: x\ndata: y\n\nid: 2\ndata:plain\r\n\r\n'
    for (const size of [1, 2, 3, 7, text.length]) {
      const events: SseEvent[] = []
      const comments: string[] = []
      const retries: number[] = []
      const reader = createSseReader({
        onEvent: (event) => events.push(event),
        onComment: (comment) => comments.push(comment),
        onRetry: (ms) => retries.push(ms),
      })
      for (let i = 0; i < text.length; i += size) reader.feed(text.slice(i, i + size))
      expect(events).toEqual([
        { event: 'message', data: '{"a":1}', id: '1' },
        { event: 'status', data: 'x\ny', id: undefined },
        { event: 'message', data: 'plain', id: '2' },
      ])
      expect(comments).toEqual(['heartbeat'])
      expect(retries).toEqual([3000])
      expect(reader.lastEventId).toBe('2')
    }
  })

  it('keeps an unfinished event until its blank line', () => {
    const events: SseEvent[] = []
    const reader = createSseReader({ onEvent: (event) => events.push(event) })
    reader.feed('id: 9\ndata: half')
    expect(events).toEqual([])
    expect(reader.lastEventId).toBeUndefined()
    reader.feed('\n\n')
    expect(events).toEqual([{ event: 'message', data: 'half', id: '9' }])
    expect(reader.lastEventId).toBe('9')
  })

  it('keeps the last id across events that carry none', () => {
    const reader = createSseReader({ onEvent: () => {} })
    reader.feed('id: 4\ndata: a\n\nevent: read\ndata: b\n\n')
    expect(reader.lastEventId).toBe('4')
  })
})

describe('parseSse', () => {
  it('reads the complete events of a text and leaves an unfinished one out', () => {
    expect(parseSse(': preamble\n\nevent: delivery\ndata: {"x":1}\n\ndata: cut')).toEqual([
      { event: 'delivery', data: '{"x":1}', id: undefined },
    ])
  })
})
