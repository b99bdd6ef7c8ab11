import { createServer, type IncomingMessage } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { isPortholeError } from '../../../server/errors'
import { BodyError } from '../../../server/http/body-error'
import { readBodyBytes, readBodyText, readJsonBody } from '../../../server/http/read-body'

const encoder = new TextEncoder()
/** Bytes that are not UTF-8: a lone continuation byte and a truncated 3-byte sequence. */
const NOT_UTF8 = [Uint8Array.of(0x7b, 0x80, 0x7d), Uint8Array.of(0x22, 0xe2, 0x82, 0x22)]

/** A chunked request body (no Content-Length) that counts how many chunks were pulled. */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = chunks[pulled]
        pulled += 1
        if (next === undefined) controller.close()
        else controller.enqueue(next)
      },
    },
    // Nothing is pulled before the reader asks.
    { highWaterMark: 0 },
  )
  const request = new Request('http://porthole.test/', post(body, headers))
  return { request, pulled: () => pulled }
}

/** A POST with a streamed body (Node's fetch needs `duplex: 'half'` for one). */
function post(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', body, headers, duplex: 'half' }
  return init
}

function errorOf(promise: Promise<unknown>): Promise<BodyError> {
  return promise.then(
    () => {
      throw new Error('expected a BodyError')
    },
    (error: unknown) => {
      if (!(error instanceof BodyError)) throw error
      return error
    },
  )
}

describe('the body reader on a fetch Request', () => {
  it('reads a body split in many chunks, a character split across two of them included', async () => {
    const text = JSON.stringify({ text: 'Grüße 👋 '.repeat(2000) })
    const bytes = encoder.encode(text)
    const chunks: Uint8Array[] = []
    for (let at = 0; at < bytes.length; at += 7) chunks.push(bytes.slice(at, at + 7))
    expect(await readJsonBody(streamed(chunks).request, undefined, bytes.length)).toEqual(
      JSON.parse(text),
    )
  })

  it('fails with a BodyError: a PortholeError with its code', async () => {
    const none = new Request('http://porthole.test/', { method: 'POST' })
    const error = await errorOf(readJsonBody(none, undefined, 100))
    expect(isPortholeError(error)).toBe(true)
    expect(error.name).toBe('BodyError')
  })

  it('drops a leading BOM, as Request.json() does', async () => {
    const bytes = Uint8Array.of(0xef, 0xbb, 0xbf, ...encoder.encode('{"a":1}'))
    expect(await readJsonBody(streamed([bytes]).request, undefined, 100)).toEqual({ a: 1 })
  })

  it.each(NOT_UTF8)(
    'refuses bytes that are not UTF-8 (400 invalid_utf8), never U+FFFD',
    async (bytes) => {
      const error = await errorOf(readBodyText(streamed([bytes]).request, undefined, 100))
      expect(error).toMatchObject({ code: 'invalid_utf8', status: 400 })
      expect(error.message).toMatch(/not valid UTF-8/)
    },
  )

  it('stops reading as soon as a chunked body passes the limit (413)', async () => {
    const chunk = new Uint8Array(1024).fill(0x20)
    const body = streamed(Array.from({ length: 1000 }, () => chunk))
    const error = await errorOf(readBodyBytes(body.request, undefined, 10 * 1024))
    expect(error).toMatchObject({ code: 'payload_too_large', status: 413 })
    expect(error.message).toBe('The request body is larger than 10240 bytes.')
    // 11 chunks pass the limit; nothing after them is pulled.
    expect(body.pulled()).toBeLessThanOrEqual(12)
  })

  it('takes a body of exactly the limit', async () => {
    const bytes = encoder.encode(`"${'x'.repeat(98)}"`)
    expect(await readJsonBody(streamed([bytes]).request, undefined, 100)).toBe('x'.repeat(98))
  })

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const body = streamed([encoder.encode('{}')], { 'content-length': '5000' })
    const error = await errorOf(readBodyBytes(body.request, undefined, 4096))
    expect(error.code).toBe('payload_too_large')
    expect(body.pulled()).toBe(0)
  })

  it('refuses an empty body (400 empty_body) and one that is only whitespace', async () => {
    const none = new Request('http://porthole.test/', { method: 'POST' })
    expect((await errorOf(readJsonBody(none, undefined, 100))).code).toBe('empty_body')
    const blank = streamed([encoder.encode(' \n\t')])
    expect((await errorOf(readJsonBody(blank.request, undefined, 100))).code).toBe('empty_body')
    expect(await readBodyText(none, undefined, 100)).toBe('')
  })

  it.each(['{not json', '{"a":1', '{"a":1}}', "{'a':1}", 'undefined'])(
    'refuses bad JSON %j (400 invalid_json) naming the problem',
    async (text) => {
      const error = await errorOf(
        readJsonBody(streamed([encoder.encode(text)]).request, undefined, 100),
      )
      expect(error).toMatchObject({ code: 'invalid_json', status: 400 })
      expect(error.message).toMatch(/^The request body is not valid JSON/)
    },
  )
})

describe('the body reader on Node’s IncomingMessage (the webhook’s fast path)', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  type Outcome = { ok: true; value: unknown } | { ok: false; code: string }

  /** Posts `chunks` (chunked encoding) to a server whose handler reads with `read`. */
  async function serve(
    read: (incoming: IncomingMessage) => Promise<unknown>,
    chunks: Uint8Array[],
  ): Promise<Outcome> {
    let resolve: (outcome: Outcome) => void = () => {}
    let reject: (error: unknown) => void = () => {}
    const outcome = new Promise<Outcome>((ok, fail) => {
      resolve = ok
      reject = fail
    })
    const server = createServer((incoming, res) => {
      read(incoming)
        .then(
          (value): Outcome => ({ ok: true, value }),
          (error: unknown): Outcome => {
            if (error instanceof BodyError) return { ok: false, code: error.code }
            throw error
          },
        )
        .then(resolve, reject)
        .finally(() => res.writeHead(200, { connection: 'close' }).end('done'))
    })
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    close = () =>
      new Promise((closed) => {
        server.closeAllConnections()
        server.close(() => closed())
      })
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk)
        controller.close()
      },
    })
    const abort = new AbortController()
    // The upload may stall once the reader stops: the outcome is what counts.
    const sent = fetch(`http://127.0.0.1:${address.port}/`, {
      ...post(body),
      signal: abort.signal,
    }).catch(() => undefined)
    const result = await outcome
    abort.abort()
    await sent
    return result
  }

  const unused = new Request('http://porthole.test/', { method: 'POST' })

  it('reads JSON in many chunks', async () => {
    const bytes = encoder.encode(
      JSON.stringify({ list: Array.from({ length: 3000 }, (_, i) => i) }),
    )
    const chunks: Uint8Array[] = []
    for (let at = 0; at < bytes.length; at += 1000) chunks.push(bytes.slice(at, at + 1000))
    const result = await serve((incoming) => readJsonBody(unused, incoming, 64 * 1024), chunks)
    expect(result).toEqual({ ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) })
  })

  it('refuses bytes that are not UTF-8', async () => {
    const result = await serve(
      (incoming) => readBodyText(unused, incoming, 100),
      [NOT_UTF8[0] as Uint8Array],
    )
    expect(result).toEqual({ ok: false, code: 'invalid_utf8' })
  })

  it('stops at the limit while streaming', async () => {
    const chunk = new Uint8Array(8 * 1024).fill(0x20)
    const result = await serve(
      (incoming) => readBodyBytes(unused, incoming, 64 * 1024),
      Array.from({ length: 20 }, () => chunk),
    )
    expect(result).toEqual({ ok: false, code: 'payload_too_large' })
  })

  it('refuses an empty body and bad JSON', async () => {
    expect(await serve((incoming) => readJsonBody(unused, incoming, 100), [])).toEqual({
      ok: false,
      code: 'empty_body',
    })
    expect(
      await serve((incoming) => readJsonBody(unused, incoming, 100), [encoder.encode('{"a":')]),
    ).toEqual({ ok: false, code: 'invalid_json' })
  })
})
