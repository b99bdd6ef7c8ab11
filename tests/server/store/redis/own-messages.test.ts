import { nanoid } from 'nanoid'
import { createClient } from 'redis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { describeRedis, type RedisServer, startRedisServer } from '../../../../kit/redis-server'
import { entryJson } from '../../../../server/store/entry-json'
import { createRedisAppend } from '../../../../server/store/redis/append'
import { redisKeys } from '../../../../server/store/redis/keys'
import { createOwnMessages, type OwnMessages } from '../../../../server/store/redis/own-messages'
import { createRedisClock } from '../../../../server/store/redis/redis-clock'
import { encodeEntry, type StoredEntry } from '../../../../server/store/redis/wire'

const entry: StoredEntry = {
  author: 'agent',
  content: { type: 'text', text: 'Hello "there"\n' },
  at: 1_732_170_000_000,
  name: 'Anna',
}
const json = encodeEntry(entry)

describe('createOwnMessages', () => {
  it('knows the pub/sub copy of an entry it sent by its bytes, once, with its JSON for the frame', () => {
    const own = createOwnMessages()
    own.sent('1732170000000-3', json, entry)
    const message = `m1732170000000-3\n${json}`
    const event = own.take(message)
    expect(event).toEqual({ event: 'message', data: { ...entry, id: '1732170000000-3' } })
    if (event?.event !== 'message') throw new Error('a message event')
    expect(entryJson(event.data)).toBe(JSON.stringify(event.data))
    expect(own.take(message)).toBeUndefined()
  })

  it('leaves to the decoder what it did not send: other bytes, another id, a transient event', () => {
    const own = createOwnMessages()
    own.sent('1-0', json, entry)
    expect(own.take(`m1-0\n${encodeEntry({ ...entry, at: 2 })}`)).toBeUndefined()
    expect(own.take(`m2-0\n${json}`)).toBeUndefined()
    expect(own.take(`t${json}`)).toBeUndefined()
    expect(own.take(`m1-0\n${json}`)).toBeDefined()
  })

  it('drops a copy that never came after two generations, and keeps the newer ones', () => {
    const own = createOwnMessages(2)
    for (const id of ['1-0', '2-0', '3-0', '4-0', '5-0']) own.sent(id, json, entry)
    expect(own.take(`m1-0\n${json}`)).toBeUndefined()
    expect(own.take(`m2-0\n${json}`)).toBeUndefined()
    for (const id of ['3-0', '4-0', '5-0']) expect(own.take(`m${id}\n${json}`)).toBeDefined()
  })
})

describeRedis('the redis append and its own messages', () => {
  let server: RedisServer | undefined
  afterAll(async () => {
    await server?.stop()
  })

  it('notes a new entry for a visitor this instance listens to, and nothing for a repeat or another visitor', async () => {
    server = await startRedisServer()
    const client = createClient({ url: server.url })
    await client.connect()
    const sent = vi.fn<OwnMessages['sent']>()
    const append = createRedisAppend({
      main: client,
      keys: redisKeys(`t:${nanoid()}:`),
      clock: createRedisClock(client, 5000, () => {}),
      commandTimeoutMs: 5000,
      retention: () => undefined,
      dedupeTtlMs: undefined,
      own: {
        messages: { sent, take: () => undefined },
        listening: (visitorId) => visitorId === 'listened',
      },
    })
    try {
      const first = await append('listened', entry, { dedupeKey: 'a3:one' })
      expect(sent).toHaveBeenCalledTimes(1)
      const [id, sentJson, sentEntry] = sent.mock.calls[0] ?? []
      // The bytes the script published: what the fan-out will be handed back.
      expect([id, JSON.parse(sentJson ?? ''), sentEntry]).toEqual([first.entry.id, entry, entry])
      expect((await append('listened', entry, { dedupeKey: 'a3:one' })).duplicate).toBe(true)
      await append('elsewhere', entry)
      expect(sent).toHaveBeenCalledTimes(1)
    } finally {
      await client.quit()
    }
  })
})
