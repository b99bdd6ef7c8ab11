import { describe, expect, it } from 'vitest'
import { answersConfigOf } from '../../../kit/fake-openai'
import type { AnswersLlmConfig } from '../../../server/config/parse-answers-llm'
import { callModel } from '../../../server/model-answers/model-call'
import { useFakeModel } from '../support/fake-model'

const model = useFakeModel()

const configOf = (overrides: Partial<AnswersLlmConfig> = {}) =>
  answersConfigOf(model, { key: 'sk-test-key', ...overrides })
const ask = (overrides: Partial<AnswersLlmConfig> = {}, onText?: (piece: string) => void) =>
  callModel(configOf(overrides), fetch, [{ role: 'user', content: 'question' }], onText)

describe('callModel', () => {
  it('streams the answer, passing each piece on, with the usage the model reports', async () => {
    model.queue({
      content: 'Returns take 30 days [[returns]].',
      chunks: 4,
      usage: { in: 120, out: 9 },
    })
    const pieces: string[] = []
    const outcome = await ask({}, (piece) => pieces.push(piece))
    expect(outcome).toEqual({
      ok: true,
      content: 'Returns take 30 days [[returns]].',
      tokens: { in: 120, out: 9 },
    })
    expect(pieces.length).toBeGreaterThan(1)
    expect(pieces.join('')).toBe('Returns take 30 days [[returns]].')
  })

  it('sends the model, the key and the gateway headers, and asks for a stream', async () => {
    model.queue({ content: 'x' })
    await ask({ headers: { 'api-key': 'azure-key', 'X-Team': 'support' } })
    const [request] = model.requests
    expect(request?.path).toBe('/v1/chat/completions')
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer sk-test-key',
      'api-key': 'azure-key',
      'x-team': 'support',
      'content-type': 'application/json',
    })
    expect(request?.body).toMatchObject({ model: 'fake-model', stream: true })
  })

  it('sends no Authorization without a key', async () => {
    model.queue({ content: 'x' })
    await ask({ key: undefined })
    expect(model.requests[0]?.headers.authorization).toBeUndefined()
  })

  it('reads a server that answers one JSON body although asked for a stream', async () => {
    model.queue({ content: 'Plain [[a]].', json: true, usage: { in: 5, out: 3 } })
    expect(await ask()).toEqual({ ok: true, content: 'Plain [[a]].', tokens: { in: 5, out: 3 } })
  })

  it.each([
    ['429', { kind: 'status', status: 429, retryAfter: '20' } as const, 'rate_limited'],
    ['500', { kind: 'status', status: 500 } as const, 'server_error'],
    ['503', { kind: 'status', status: 503 } as const, 'server_error'],
    ['a cut stream', { kind: 'cut', content: 'Returns take thirty days' } as const, 'cut_stream'],
    ['a stream that is not JSON', { kind: 'malformed' } as const, 'malformed'],
    ['JSON that is no completion', { kind: 'wrong-shape' } as const, 'malformed'],
  ])('falls back on %s', async (_, reply, reason) => {
    model.queue(reply)
    const outcome = await ask()
    expect(outcome).toMatchObject({ ok: false, reason })
  })

  it('falls back on a cut JSON body', async () => {
    model.queue({ kind: 'cut', content: 'Returns take thirty days', json: true })
    const outcome = await ask()
    expect(outcome).toMatchObject({ ok: false, reason: 'cut_stream' })
  })

  it('gives up after the timeout on a model that does not answer', async () => {
    model.queue({ kind: 'hang' })
    expect(await ask({ timeoutMs: 500 })).toMatchObject({ ok: false, reason: 'timeout' })
  })

  it('gives up after the timeout on a stream that does not end', async () => {
    model.queue({ content: 'a b c d e f', chunks: 6, chunkDelayMs: 60_000 })
    expect(await ask({ timeoutMs: 500 })).toMatchObject({ ok: false, reason: 'timeout' })
  })

  it('drops an answer past 256 KiB as malformed', async () => {
    model.queue({ content: 'x'.repeat(300 * 1024), chunks: 30 })
    expect(await ask()).toMatchObject({ ok: false, reason: 'malformed' })
  })

  it('answers server_error when nothing listens', async () => {
    const outcome = await ask({ url: 'http://127.0.0.1:1/v1' })
    expect(outcome).toMatchObject({ ok: false, reason: 'server_error' })
  })
})
