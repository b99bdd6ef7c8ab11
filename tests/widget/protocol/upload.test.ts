import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../widget/protocol/api-error'
import { upload } from '../../../widget/protocol/upload'
import { createFakeXhr } from '../support/fake-xhr'

function start(signal = new AbortController().signal) {
  const { XHR, requests } = createFakeXhr()
  const onProgress = vi.fn()
  const body = new Blob(['%PDF-1.4 hello'], { type: 'application/pdf' })
  const result = upload({
    url: 'https://chat.example.test/api/uploads?name=price%20list.pdf',
    token: 'token-1',
    body,
    type: 'application/pdf',
    onProgress,
    signal,
    XHR,
  })
  const request = requests[0]
  if (!request) throw new Error('no request was made')
  return { result, request, onProgress, body }
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

describe('upload (POST /api/uploads with progress)', () => {
  it('sends the raw file with the token and its type, reports progress and resolves with the stored file', async () => {
    const { result, request, onProgress, body } = start()
    expect(request.method).toBe('POST')
    expect(request.url.searchParams.get('name')).toBe('price list.pdf')
    expect(request.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/pdf',
    })
    expect(request.body).toBe(body)
    request.progress(5, 14)
    request.progress(14, 14)
    expect(onProgress.mock.calls).toEqual([
      [5, 14],
      [14, 14],
    ])
    const file = request.store()
    await expect(result).resolves.toEqual({ file })
  })

  it('rejects with the backend’s code, message and status', async () => {
    const { result, request } = start()
    request.respond(413, {
      error: { code: 'payload_too_large', message: 'The file is larger than 10 MB' },
    })
    const error = await rejection(result)
    expect([error.code, error.status, error.message]).toEqual([
      'payload_too_large',
      413,
      'The file is larger than 10 MB',
    ])
  })

  it('keeps Retry-After of a rate limit', async () => {
    const { result, request } = start()
    request.respond(
      429,
      { error: { code: 'rate_limited', message: 'Slow down' } },
      {
        'retry-after': '12',
      },
    )
    expect((await rejection(result)).retryAfter).toBe(12)
  })

  it('names an answer without an error body by its status', async () => {
    const { result, request } = start()
    request.respond(502, '<html>Bad gateway</html>')
    expect((await rejection(result)).code).toBe('http_502')
  })

  it('refuses a 201 whose body breaks the schema', async () => {
    const { result, request } = start()
    request.respond(201, { file: { id: 'x', url: 'javascript:alert(1)' } })
    expect((await rejection(result)).code).toBe('bad_response')
  })

  it('is a network failure when no answer comes', async () => {
    const { result, request } = start()
    request.fail()
    const error = await rejection(result)
    expect([error.code, error.status]).toEqual(['network', 0])
  })

  it('aborts the request when the signal fires, before or during the upload', async () => {
    const abort = new AbortController()
    const { result, request } = start(abort.signal)
    abort.abort()
    expect(request.aborted).toBe(true)
    expect((await rejection(result)).code).toBe('aborted')

    const { XHR, requests } = createFakeXhr()
    const early = upload({
      url: 'https://chat.example.test/api/uploads?name=a.png',
      token: 't',
      body: new Blob(['x']),
      type: 'image/png',
      onProgress: () => {},
      signal: abort.signal,
      XHR,
    })
    expect((await rejection(early)).code).toBe('aborted')
    expect(requests).toHaveLength(0)
  })
})
