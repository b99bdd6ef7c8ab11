import { describe, expect, it } from 'vitest'
import type { ChannelClient } from '../../../server/channel/channel-client'
import { createStatusCache } from '../../../server/channel/status'
import { readStatusAnswer, type StatusOutcome } from '../../../server/channel/status-answer'
import { silentLogger } from '../../../server/logging/logger'

describe('readStatusAnswer (A1 rules)', () => {
  it('reads 200 "1" as online and 200 "0" as offline, ignoring surrounding whitespace', () => {
    expect(readStatusAnswer(200, '1')).toEqual({ online: true })
    expect(readStatusAnswer(200, ' 0\n')).toEqual({ online: false })
  })

  it('answers offline with the fix for a 404', () => {
    const outcome = readStatusAnswer(404, 'Not Found')
    expect(outcome).toMatchObject({ online: false, fault: 'not_found' })
    expect(outcome.problem).toContain('CHANNEL_URL')
  })

  it('answers offline for another status or body, quoting at most 40 characters', () => {
    expect(readStatusAnswer(500, '1')).toMatchObject({ online: false, fault: 'irregular' })
    const outcome = readStatusAnswer(200, `yes${'x'.repeat(100)}`)
    expect(outcome).toMatchObject({ online: false, fault: 'irregular' })
    expect(outcome.problem).toBe(`irregular status answer 200 "yes${'x'.repeat(37)}"`)
  })
})

describe('createStatusCache', () => {
  function fakeClient(answers: StatusOutcome[]) {
    let calls = 0
    const client: ChannelClient = {
      status: async () => answers[Math.min(calls++, answers.length - 1)] as StatusOutcome,
      send: async () => ({ kind: 'accepted' }),
    }
    return { client, calls: () => calls }
  }

  it('makes one upstream call for many concurrent visitors within the period', async () => {
    let now = 0
    const { client, calls } = fakeClient([{ online: true }])
    const cache = createStatusCache({ client, ttlMs: 5000, now: () => now, logger: silentLogger })
    const answers = await Promise.all(Array.from({ length: 500 }, () => cache.get()))
    expect(answers.every((online) => online)).toBe(true)
    now = 4999
    await cache.get()
    expect(calls()).toBe(1)
    now = 5000
    await cache.get()
    expect(calls()).toBe(2)
  })

  it('caches a failure as offline and reports each change of status', async () => {
    let now = 0
    const changes: boolean[] = []
    const { client, calls } = fakeClient([
      { online: true },
      { online: false, problem: 'connection failed' },
      { online: true },
    ])
    const cache = createStatusCache({
      client,
      ttlMs: 1000,
      now: () => now,
      logger: silentLogger,
      onChange: (online) => changes.push(online),
    })
    expect(await cache.get()).toBe(true)
    now = 1000
    expect(await cache.get()).toBe(false)
    expect(await cache.get()).toBe(false)
    expect(calls()).toBe(2)
    now = 2000
    expect(await cache.get()).toBe(true)
    expect(changes).toEqual([false, true])
  })
})
