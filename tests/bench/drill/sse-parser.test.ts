import { describe, expect, it } from 'vitest'
import { SseParser } from '../../../bench/drill/sse-parser'

describe('SseParser', () => {
  it('parses events split anywhere, with CRLF, comments, multi-line data and ids', () => {
    const text =
      'retry: 3000\r\n\r\n: heartbeat\n\nid: 1\nevent: message\ndata: {"a":1}\n\nevent: status\ndata: x\ndata: y\n\nid: 2\ndata:plain\r\n\r\n'
    for (const size of [1, 2, 3, 7, text.length]) {
      const parser = new SseParser()
      const events = []
      for (let i = 0; i < text.length; i += size)
        events.push(...parser.push(text.slice(i, i + size)))
      expect(events).toEqual([
        { event: 'message', data: '{"a":1}', id: '1' },
        { event: 'status', data: 'x\ny', id: undefined },
        { event: 'message', data: 'plain', id: '2' },
      ])
      expect(parser.lastEventId).toBe('2')
    }
  })

  it('keeps an unfinished event until its blank line', () => {
    const parser = new SseParser()
    expect(parser.push('id: 9\ndata: half')).toEqual([])
    expect(parser.lastEventId).toBeUndefined()
    expect(parser.push('\n\n')).toEqual([{ event: 'message', data: 'half', id: '9' }])
  })
})
