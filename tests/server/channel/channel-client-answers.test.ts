import { describe, expect, it } from 'vitest'
import { createChannelClient } from '../../../server/channel/channel-client'
import { silentLogger } from '../../../server/logging/logger'
import { createPortholeMetrics } from '../../../server/metrics/porthole-metrics'
import { createCustomerMessage } from '../../support/protocol-factories'
import { createTestConfig } from '../../support/test-config'
import { endlessAnswer } from '../support/endless-body'

const HUGE = 400 * 1024 * 1024
/** What a bounded read may take from the source (the prefix plus a chunk in flight). */
const READ_BOUND = 128 * 1024

function clientAnswering(answer: ReturnType<typeof endlessAnswer>) {
  return createChannelClient({
    channel: createTestConfig().channel,
    fetch: (async () => answer.response) as typeof fetch,
    timeoutMs: 10_000,
    metrics: createPortholeMetrics(),
    logger: silentLogger,
    now: Date.now,
  })
}

// The service's answers are read only as far as Porthole needs them: two 400 MB
// answers once took a process from 251 to 2,001 MB.
describe('the channel client reads a bounded prefix of every answer', () => {
  it('A2: a 400 MB 200 answer is accepted, read no further than the bound and cancelled', async () => {
    const answer = endlessAnswer(200, HUGE)
    expect(await clientAnswering(answer).send(createCustomerMessage())).toEqual({
      kind: 'accepted',
    })
    expect(answer.pulled()).toBeLessThanOrEqual(READ_BOUND)
    expect(answer.cancelled()).toBe(true)
  })

  it('A2: a 400 MB 4xx answer is a refusal quoting its first 500 characters', async () => {
    const answer = endlessAnswer(422, HUGE, 'no ')
    const outcome = await clientAnswering(answer).send(createCustomerMessage())
    expect(outcome).toMatchObject({ kind: 'rejected', status: 422 })
    expect(outcome.kind === 'rejected' && outcome.message.length).toBe(500)
    expect(answer.pulled()).toBeLessThanOrEqual(READ_BOUND)
    expect(answer.cancelled()).toBe(true)
  })

  it('A1: a 400 MB status answer is irregular (offline), read no further than the bound', async () => {
    const answer = endlessAnswer(200, HUGE, '1')
    const outcome = await clientAnswering(answer).status()
    expect(outcome.online).toBe(false)
    expect(outcome.problem).toMatch(/^irregular status answer 200/)
    expect(answer.pulled()).toBeLessThanOrEqual(READ_BOUND)
    expect(answer.cancelled()).toBe(true)
  })
})

describe("A1 answers carry the service's clock", () => {
  const clientWith = (headers: Record<string, string>) =>
    createChannelClient({
      channel: createTestConfig().channel,
      fetch: (async () => new Response('1', { status: 200, headers })) as typeof fetch,
      timeoutMs: 10_000,
      metrics: createPortholeMetrics(),
      logger: silentLogger,
      now: Date.now,
    })

  it("reads the Date header (retention compares this machine's clock with it)", async () => {
    const outcome = await clientWith({ date: 'Wed, 25 Nov 2026 18:00:00 GMT' }).status()
    expect(outcome).toEqual({ online: true, serviceDate: Date.UTC(2026, 10, 25, 18) })
  })

  it('leaves it out when the header is missing or unreadable', async () => {
    expect(await clientWith({}).status()).toEqual({ online: true })
    expect(await clientWith({ date: 'yesterday-ish' }).status()).toEqual({ online: true })
  })
})
