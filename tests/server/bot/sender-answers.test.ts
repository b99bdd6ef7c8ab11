import { describe, expect, it } from 'vitest'
import { createBotSender } from '../../../server/bot/sender'
import { createInviteAgentEvent } from '../../support/protocol-factories'
import { createRecordingLogger } from '../support/bot-fakes'
import { endlessAnswer } from '../support/endless-body'

const event = () => ({
  ...createInviteAgentEvent(),
  id: 'evt-1',
  chat_id: 'chat-1',
  client_id: 'c-1',
})
const HUGE = 400 * 1024 * 1024
const READ_BOUND = 128 * 1024

function senderAnswering(answers: ReturnType<typeof endlessAnswer>[]) {
  let call = 0
  return createBotSender({
    url: 'http://service.test/webhooks/porthole/secret-token',
    fetch: (async () => answers[call++]?.response) as typeof fetch,
    logger: createRecordingLogger(),
    timeoutMs: 3000,
    retries: 0,
    retryDelayMs: 1,
    maxRetryAfterMs: 10,
    now: Date.now,
  })
}

describe('the B1 sender reads a bounded prefix of every answer', () => {
  it('a 400 MB 200 answer is success, read no further than the bound and cancelled', async () => {
    const answer = endlessAnswer(200, HUGE)
    const result = await senderAnswering([answer]).send(event())
    expect(result).toMatchObject({ ok: true, status: 200 })
    expect(answer.pulled()).toBeLessThanOrEqual(READ_BOUND)
    expect(answer.cancelled()).toBe(true)
  })

  it('a 400 MB 400 answer is a refusal quoting its start, read no further than the bound', async () => {
    const answer = endlessAnswer(400, HUGE, 'bad ')
    const result = await senderAnswering([answer]).send(event())
    expect(result).toMatchObject({ ok: false, status: 400 })
    expect(!result.ok && result.error).toMatch(/^HTTP 400: bad bad/)
    expect(answer.pulled()).toBeLessThanOrEqual(READ_BOUND)
    expect(answer.cancelled()).toBe(true)
  })
})
