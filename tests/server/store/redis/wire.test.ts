import { afterAll, describe, expect, it, vi } from 'vitest'
import { describeRedis, type RedisServer, startRedisServer } from '../../../../kit/redis-server'
import { StoreError } from '../../../../server/store/errors'
import {
  decodeEntry,
  decodeMessage,
  encodeEntry,
  StoredEntry,
} from '../../../../server/store/redis/wire'
import { createRedisStore } from '../../../../server/store/redis-store'
import type { Store } from '../../../../server/store/types'

const entry = (text: string) =>
  StoredEntry.parse({
    author: 'agent',
    name: 'Anna',
    at: 1_700_000_000_000,
    content: { type: 'text', text },
  })

describe('redis wire', () => {
  it('reads back what it wrote, with the id it is given', () => {
    const stored = entry('hello')
    expect(decodeEntry('7-0', encodeEntry(stored))).toEqual({ ...stored, id: '7-0' })
    expect(decodeMessage(`m7-1\n${encodeEntry(stored)}`)).toEqual({
      event: 'message',
      data: { ...stored, id: '7-1' },
    })
  })

  it('refuses a text that is not a conversation entry', () => {
    const forged = JSON.stringify({ author: 'agent', at: 'yesterday', content: { type: 'text' } })
    expect(() => decodeEntry('9-0', forged)).toThrow(StoreError)
    expect(() => decodeEntry('9-0', '{not json')).toThrow(StoreError)
    expect(() => decodeEntry('9-0', undefined)).toThrow(StoreError)
  })
})

describeRedis('redis append (issue 14: CPU per webhook)', () => {
  let server: RedisServer | undefined
  let store: Store | undefined
  afterAll(async () => {
    await store?.close()
    await server?.stop()
  })

  it('answers a new entry from what it validated, without parsing the text it just wrote', async () => {
    server = await startRedisServer()
    store = await createRedisStore(server.url, { prefix: 'wire-test:' })
    const stored = entry('checked once')
    const parse = vi.spyOn(JSON, 'parse')
    try {
      const result = await store.append('visitor-1', stored, { dedupeKey: 'dk-1' })
      expect(parse).not.toHaveBeenCalled()
      expect(result.duplicate).toBe(false)
      expect(result.entry).toEqual({ ...stored, id: result.entry.id })
      // What was stored reads back the same.
      parse.mockRestore()
      expect(await store.readAfter('visitor-1', undefined, 10)).toEqual([result.entry])
    } finally {
      parse.mockRestore()
    }
  })
})
