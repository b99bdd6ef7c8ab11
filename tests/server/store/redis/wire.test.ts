import { afterEach, describe, expect, it, vi } from 'vitest'
import { StoreError } from '../../../../server/store/errors'
import {
  decodeEntry,
  decodeMessage,
  encodeEntry,
  encodeStoredEntry,
  encodeTransient,
  StoredEntry,
} from '../../../../server/store/redis/wire'

const entry = (text: string) =>
  StoredEntry.parse({
    author: 'agent',
    name: 'Anna',
    at: 1_700_000_000_000,
    content: { type: 'text', text },
  })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('redis wire: entries checked once', () => {
  it('an entry this process encoded comes back (pub/sub, replay) without a second parse', () => {
    const stored = entry('checked once')
    const json = encodeStoredEntry(stored)
    const parse = vi.spyOn(JSON, 'parse')
    expect(decodeEntry('5-1', json)).toEqual({ ...stored, id: '5-1' })
    expect(decodeMessage(`m5-1\n${json}`)).toEqual({
      event: 'message',
      data: { ...stored, id: '5-1' },
    })
    expect(parse).not.toHaveBeenCalled()
  })

  it('gives what parsing gives, with the id it is asked for', () => {
    const stored = entry('same answer')
    const json = encodeEntry(stored)
    const parsed = decodeEntry('7-0', json)
    // The second read of the same text is served from memory and equal to the first.
    expect(decodeEntry('8-0', json)).toEqual({ ...parsed, id: '8-0' })
    expect(parsed).toEqual({ ...stored, id: '7-0' })
  })

  it('still refuses a text it never checked', () => {
    const forged = JSON.stringify({ author: 'agent', at: 'yesterday', content: { type: 'text' } })
    expect(() => decodeEntry('9-0', forged)).toThrow(StoreError)
    expect(() => decodeEntry('9-0', '{not json')).toThrow(StoreError)
    expect(() => decodeEntry('9-0', undefined)).toThrow(StoreError)
  })

  it('holds a bounded amount of text: thousands of entries later, old ones are parsed again', () => {
    const first = encodeStoredEntry(entry('the first'))
    // ~5 MB of distinct entries pass through (the bound is 1 MiB of text).
    for (let i = 0; i < 5000; i++) encodeStoredEntry(entry(`${i} ${'x'.repeat(1000)}`))
    const parse = vi.spyOn(JSON, 'parse')
    expect(decodeEntry('1-0', first).content).toEqual({ type: 'text', text: 'the first' })
    expect(parse).toHaveBeenCalledTimes(1)
  })
})

describe('redis wire: issue 17’s contact event and the entry that ends a conversation', () => {
  it('a contact event and an ended entry cross pub/sub and the stream unchanged', () => {
    const contact = { event: 'contact', data: { name: 'Ann', email: 'ann@example.com' } } as const
    expect(decodeMessage(encodeTransient(contact))).toEqual(contact)
    expect(() => decodeMessage('t{"event":"contact","data":{"email":5}}')).toThrow(StoreError)
    const ended = StoredEntry.parse({
      author: 'system',
      at: 1_700_000_000_000,
      content: { type: 'text', text: 'This conversation has ended' },
      ended: 'idle',
    })
    expect(decodeEntry('3-0', encodeEntry(ended))).toEqual({ ...ended, id: '3-0' })
  })
})
