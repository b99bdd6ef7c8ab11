import { describe, expect, it } from 'vitest'
import { countPings } from '../../../bench/capacity/protocol'

const chunked = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`

describe('the pings a holder counts', () => {
  it('counts each ping of a chunk, framed or not, coalesced or beside an event', () => {
    expect(countPings(Buffer.from(chunked(': ping\n\n')))).toBe(1)
    expect(countPings(Buffer.from(': ping\n\n'))).toBe(1)
    // A holder that read late gets two beats in one read.
    expect(countPings(Buffer.from(chunked(': ping\n\n') + chunked(': ping\n\n')))).toBe(2)
    const event = chunked('event: status\ndata: {"online":false}\n\n')
    expect(countPings(Buffer.from(event + chunked(': ping\n\n')))).toBe(1)
    expect(countPings(Buffer.from(event))).toBe(0)
  })
})
