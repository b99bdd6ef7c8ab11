import { describe, expect, it } from 'vitest'
import { createChatQueue } from '../../../server/bot/chat-queue'
import { createRecordingLogger } from '../support/bot-fakes'

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createChatQueue', () => {
  it('runs one chat in order and other chats alongside', async () => {
    const queue = createChatQueue(createRecordingLogger())
    const log: string[] = []
    queue.run(
      'a',
      async () => {
        await tick(20)
        log.push('a1')
      },
      {},
    )
    queue.run(
      'a',
      async () => {
        log.push('a2')
      },
      {},
    )
    queue.run(
      'b',
      async () => {
        log.push('b1')
      },
      {},
    )
    expect(queue.pending).toBe(2)
    await queue.idle()
    expect(log).toEqual(['b1', 'a1', 'a2'])
    expect(queue.pending).toBe(0)
  })

  it('logs a failing task with its fields and goes on with the next', async () => {
    const logger = createRecordingLogger()
    const queue = createChatQueue(logger)
    const log: string[] = []
    queue.run(
      'a',
      async () => {
        throw new Error('boom')
      },
      { eventId: 'e1' },
    )
    queue.run(
      'a',
      async () => {
        log.push('after')
      },
      {},
    )
    await queue.idle()
    expect(log).toEqual(['after'])
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'handling a bot event failed',
        fields: { eventId: 'e1', error: 'Error: boom' },
      },
    ])
  })

  it('idle() also waits for tasks queued while waiting', async () => {
    const queue = createChatQueue(createRecordingLogger())
    let late = false
    queue.run(
      'a',
      async () => {
        await tick(5)
        queue.run(
          'b',
          async () => {
            await tick(5)
            late = true
          },
          {},
        )
      },
      {},
    )
    await queue.idle()
    expect(late).toBe(true)
  })
})
