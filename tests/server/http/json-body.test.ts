import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AppEnv } from '../../../server/http/app-env'
import { jsonBody } from '../../../server/http/json-body'
import { createErrorHandler } from '../../../server/http/on-error'
import { validate } from '../../../server/http/validation'
import { createLogger } from '../../../server/logging/logger'
import { ErrorBody } from '../../../shared/protocol/errors'
import { createClientId, createTestApp, type TestApp } from '../support/test-app'

const Greeting = z.object({ name: z.string().min(1), times: z.number().int().default(1) })

function greetingApp() {
  const base = new Hono<AppEnv>()
  base.onError(createErrorHandler(createLogger({ level: 'error', write: () => {} })))
  return base.post('/greet', jsonBody(Greeting, 64), (c) => c.json(c.req.valid('json')))
}

async function send(body: BodyInit | undefined, contentType = 'application/json') {
  const res = await greetingApp().request('/greet', {
    method: 'POST',
    headers: { 'content-type': contentType },
    ...(body === undefined ? {} : { body }),
  })
  return { status: res.status, json: await res.json() }
}

describe('jsonBody(): the API routes’ body reader and validator', () => {
  it('hands the route the parsed, validated body (defaults applied)', async () => {
    expect(await send('{"name":"Ada"}')).toEqual({ status: 200, json: { name: 'Ada', times: 1 } })
    expect(await send('{"name":"Ada"}', 'application/vnd.porthole+json; charset=utf-8')).toEqual({
      status: 200,
      json: { name: 'Ada', times: 1 },
    })
  })

  it.each([
    ['an empty body', '', /body is empty/],
    ['bad JSON', '{"name":', /not valid JSON/],
    ['bytes that are not UTF-8', Uint8Array.of(0x7b, 0x22, 0xc3, 0x22, 0x7d), /not valid UTF-8/],
    ['a bad field', '{"name":""}', /^name: /],
  ])('answers 400 invalid_request for %s, saying what is wrong', async (_, body, message) => {
    const { status, json } = await send(body)
    expect(status).toBe(400)
    expect(ErrorBody.parse(json).error).toEqual({
      code: 'invalid_request',
      message: expect.stringMatching(message),
    })
  })

  it('answers 413 payload_too_large over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(100) })
    expect(await send(big)).toEqual({
      status: 413,
      json: {
        error: { code: 'payload_too_large', message: 'The request body is larger than 64 bytes.' },
      },
    })
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const char of big) controller.enqueue(new TextEncoder().encode(char))
        controller.close()
      },
    })
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    }
    const res = await greetingApp().request('/greet', init)
    expect(res.status).toBe(413)
  })

  it('is the only way to a body: validate() takes no body target (checked by the typechecker)', () => {
    // @ts-expect-error: a JSON body goes through jsonBody() and the one body reader
    void (() => validate('json', Greeting))
    // @ts-expect-error: nor a form body
    void (() => validate('form', Greeting))
    void (() => validate('query', Greeting))
  })

  it('leaves a body that is not declared JSON unread and validates {} (as Hono’s validator did)', async () => {
    const { status, json } = await send('{"name":"Ada"}', 'text/plain')
    expect(status).toBe(400)
    expect(ErrorBody.parse(json).error.message).toMatch(/^name: /)
  })
})

describe('POST /api/messages through jsonBody()', () => {
  let t: TestApp
  afterEach(() => t?.stop())

  it('refuses text that is not UTF-8 rather than storing U+FFFD, and stores nothing', async () => {
    t = createTestApp()
    const { token, visitorId } = await t.newVisitor()
    const json = JSON.stringify({ id: createClientId(), type: 'text', text: 'caf?' })
    const bytes = new TextEncoder().encode(json)
    const broken = bytes.map((byte) => (byte === 0x3f ? 0xe9 : byte)) // Latin-1 é
    const res = await t.app.request('/api/messages', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        origin: 'https://shop.example',
      },
      body: broken,
    })
    expect(res.status).toBe(400)
    expect(ErrorBody.parse(await res.json()).error.message).toMatch(/not valid UTF-8/)
    expect(await t.deps.store.readAfter(visitorId, undefined, 10)).toEqual([])
    expect(t.service.messages()).toEqual([])
  })
})
