import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBotSender, type SendResult } from '../../../server/bot/sender'
import { createInviteAgentEvent } from '../../support/protocol-factories'
import {
  createFakeFetch,
  createRecordingLogger,
  hang,
  ok,
  refuse,
  status,
} from '../support/bot-fakes'

const URL_WITH_TOKEN = 'http://service.test/webhooks/porthole/secret-token'

function setup(...responders: Parameters<typeof createFakeFetch>) {
  const fake = createFakeFetch(...responders)
  const logger = createRecordingLogger()
  const sender = createBotSender({
    url: URL_WITH_TOKEN,
    fetch: fake.fetch,
    logger,
    timeoutMs: 3000,
    retries: 2,
    retryDelayMs: 500,
    maxRetryAfterMs: 10_000,
    now: Date.now,
  })
  const event = { ...createInviteAgentEvent(), id: 'evt-1', chat_id: 'chat-1', client_id: 'c-1' }
  return { ...fake, logger, sender, event }
}

/** Starts a send and records when each attempt happened (in fake milliseconds). */
function track(setupResult: ReturnType<typeof setup>) {
  const start = Date.now()
  const times: number[] = []
  const original = setupResult.calls.push.bind(setupResult.calls)
  setupResult.calls.push = (...items) => {
    times.push(Date.now() - start)
    return original(...items)
  }
  let result: SendResult | undefined
  const done = setupResult.sender.send(setupResult.event).then((r) => {
    result = r
    return r
  })
  return { times, done, result: () => result }
}

describe('createBotSender (B1)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('POSTs the event as JSON to the B1 URL and takes any 2xx as success, even an empty or OK body', async () => {
    for (const answer of [ok, status(200, ''), status(204), status(200, '{"result":"ok"}')]) {
      const s = setup(answer)
      const result = await s.sender.send(s.event)
      expect(result).toEqual({
        ok: true,
        eventId: 'evt-1',
        status: expect.any(Number),
        attempts: 1,
      })
      expect(s.calls).toHaveLength(1)
      expect(s.calls[0]?.url).toBe(URL_WITH_TOKEN)
      expect(s.calls[0]?.init.method).toBe('POST')
      expect(new Headers(s.calls[0]?.init.headers).get('content-type')).toMatch(
        /^application\/json/,
      )
      expect(s.calls[0]?.body).toEqual(s.event)
    }
  })

  it('retries a 5xx twice with doubling back-off, then fails and logs the event id', async () => {
    const s = setup(status(500), status(502), status(503, 'down'))
    const run = track(s)
    await vi.advanceTimersByTimeAsync(10_000)
    const result = await run.done
    expect(run.times).toEqual([0, 500, 1500])
    expect(result).toEqual({
      ok: false,
      eventId: 'evt-1',
      attempts: 3,
      status: 503,
      error: 'HTTP 503: down',
    })
    const failure = s.logger.lines.find((line) => line.level === 'error')
    expect(failure?.fields).toMatchObject({ eventId: 'evt-1', event: 'INVITE_AGENT', attempts: 3 })
    expect(s.logger.lines.filter((line) => line.level === 'warn')).toHaveLength(2)
  })

  it('succeeds on a retry after a 5xx', async () => {
    const s = setup(status(503), ok)
    const run = track(s)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await run.done).toMatchObject({ ok: true, attempts: 2 })
  })

  it('aborts an attempt after the 3 s timeout and retries it', async () => {
    const s = setup(hang, hang, ok)
    const run = track(s)
    await vi.advanceTimersByTimeAsync(2999)
    expect(run.times).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    await vi.advanceTimersByTimeAsync(500)
    expect(run.times).toEqual([0, 3500])
    await vi.advanceTimersByTimeAsync(4000)
    expect(run.times).toEqual([0, 3500, 7500])
    expect(await run.done).toMatchObject({ ok: true, attempts: 3 })
    expect(s.logger.lines.find((line) => line.level === 'warn')?.fields.error).toBe(
      'timed out after 3000 ms',
    )
  })

  it('gives up after three timeouts', async () => {
    const s = setup(hang)
    const run = track(s)
    await vi.advanceTimersByTimeAsync(20_000)
    expect(await run.done).toMatchObject({
      ok: false,
      attempts: 3,
      error: 'timed out after 3000 ms',
    })
    expect(run.times).toHaveLength(3)
  })

  it('retries connection errors', async () => {
    const s = setup(refuse, ok)
    const run = track(s)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await run.done).toMatchObject({ ok: true, attempts: 2 })
    expect(s.logger.lines[0]?.fields.error).toMatch(/ECONNREFUSED/)
  })

  it('honours Retry-After in seconds on 429', async () => {
    const s = setup(status(429, '', { 'retry-after': '2' }), ok)
    const run = track(s)
    await vi.advanceTimersByTimeAsync(1999)
    expect(run.times).toEqual([0])
    await vi.advanceTimersByTimeAsync(1)
    expect(run.times).toEqual([0, 2000])
    expect(await run.done).toMatchObject({ ok: true, attempts: 2 })
  })

  it('honours Retry-After as an HTTP date', async () => {
    const s = setup(
      () =>
        new Response('', {
          status: 429,
          headers: { 'retry-after': new Date(Date.now() + 4000).toUTCString() },
        }),
      ok,
    )
    const run = track(s)
    await vi.advanceTimersByTimeAsync(5000)
    expect(await run.done).toMatchObject({ ok: true, attempts: 2 })
    // HTTP dates have whole seconds: the wait is 3 to 4 s.
    expect(run.times[1]).toBeGreaterThanOrEqual(3000)
    expect(run.times[1]).toBeLessThanOrEqual(4000)
  })

  it('retries a 429 without Retry-After with the normal back-off', async () => {
    const s = setup(status(429), ok)
    const run = track(s)
    await vi.advanceTimersByTimeAsync(500)
    expect(run.times).toEqual([0, 500])
    expect(await run.done).toMatchObject({ ok: true })
  })

  it('gives up at once when Retry-After asks for longer than the cap', async () => {
    const s = setup(status(429, '', { 'retry-after': '60' }), ok)
    const result = await s.sender.send(s.event)
    expect(result).toMatchObject({ ok: false, attempts: 1, status: 429 })
    expect(s.calls).toHaveLength(1)
    expect(s.logger.lines.at(-1)?.fields).toMatchObject({ eventId: 'evt-1', retryAfterMs: 60_000 })
  })

  it.each([400, 401, 403, 404, 405, 413])(
    'never retries a %i and logs the service error',
    async (code) => {
      const s = setup(
        status(
          code,
          JSON.stringify({ error: { code: 'invalid_request', message: 'chat_id: required' } }),
        ),
        ok,
      )
      const result = await s.sender.send(s.event)
      expect(result).toEqual({
        ok: false,
        eventId: 'evt-1',
        attempts: 1,
        status: code,
        error: `HTTP ${code} invalid_request: chat_id: required`,
      })
      expect(s.calls).toHaveLength(1)
      expect(s.logger.lines).toEqual([
        expect.objectContaining({
          level: 'error',
          fields: expect.objectContaining({ eventId: 'evt-1' }),
        }),
      ])
    },
  )

  it('never logs the B1 URL, which holds the token', async () => {
    const s = setup(status(500))
    const run = track(s)
    await vi.advanceTimersByTimeAsync(10_000)
    await run.done
    expect(JSON.stringify(s.logger.lines)).not.toContain('secret-token')
  })

  it('honours a custom retry budget (retries: 0)', async () => {
    const fake = createFakeFetch(status(500), ok)
    const sender = createBotSender({
      url: URL_WITH_TOKEN,
      fetch: fake.fetch,
      logger: createRecordingLogger(),
      timeoutMs: 3000,
      retries: 0,
      retryDelayMs: 500,
      maxRetryAfterMs: 10_000,
      now: Date.now,
    })
    expect(
      await sender.send({ ...createInviteAgentEvent(), id: 'e', chat_id: 'c', client_id: 'k' }),
    ).toMatchObject({ ok: false, attempts: 1 })
    expect(fake.calls).toHaveLength(1)
  })
})
