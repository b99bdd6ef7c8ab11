import { describe, expect, it } from 'vitest'
import { createChatLock } from '../../../server/bot/chat-lock'
import { createMemoryStore } from '../../../server/store/memory-store'
import { createRecordingLogger } from '../support/bot-fakes'

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createChatLock', () => {
  it('lets one holder at a time run a chat, across locks sharing a store', async () => {
    const store = createMemoryStore()
    const one = createChatLock({ store, logger: createRecordingLogger(), pollMs: 1 })
    const two = createChatLock({ store, logger: createRecordingLogger(), pollMs: 1 })
    const log: string[] = []
    const task = (name: string) => async () => {
      log.push(`${name} start`)
      await tick(15)
      log.push(`${name} end`)
    }
    await Promise.all([one('chat', task('a')), two('chat', task('b')), two('other', task('c'))])
    const a = log.indexOf('a start')
    const b = log.indexOf('b start')
    const [first, second] = a < b ? ['a', 'b'] : ['b', 'a']
    expect(log.indexOf(`${first} end`)).toBeLessThan(log.indexOf(`${second} start`))
    expect(log.indexOf('c start')).toBeLessThan(
      Math.max(log.indexOf('a end'), log.indexOf('b end')),
    )
    expect(await store.claim('bot:lock:chat', 1000)).toBe(true)
  })

  it('releases the lock when the task throws', async () => {
    const store = createMemoryStore()
    const lock = createChatLock({ store, logger: createRecordingLogger() })
    await expect(lock('chat', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
    expect(await store.claim('bot:lock:chat', 1000)).toBe(true)
  })

  it('goes ahead with a warning when the lock is held past maxWaitMs (a dead holder)', async () => {
    const store = createMemoryStore()
    await store.claim('bot:lock:chat', 60_000)
    const logger = createRecordingLogger()
    const lock = createChatLock({ store, logger, pollMs: 1, maxWaitMs: 10 })
    expect(await lock('chat', async () => 'ran')).toBe('ran')
    expect(logger.lines).toEqual([
      expect.objectContaining({ level: 'warn', fields: { chatId: 'chat' } }),
    ])
    // It did not hold the lock, so it must not release the other holder's claim.
    expect(await store.claim('bot:lock:chat', 1000)).toBe(false)
  })
})
