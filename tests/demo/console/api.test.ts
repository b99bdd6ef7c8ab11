import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api } from '../../../demo/console/src/api'
import { isPortholeError } from '../../../server/errors'

afterEach(() => {
  vi.unstubAllGlobals()
})

function answer(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }),
    ),
  )
}

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  return undefined
}

describe("the console's API errors", () => {
  it("carry the sandbox's code and message", async () => {
    answer(
      404,
      JSON.stringify({ error: { code: 'not_found', message: 'No chat c1: reload the console' } }),
    )
    const error = await failureOf(() => api.close('c1', 'a1'))
    expect(error).toBeInstanceOf(ApiError)
    expect(isPortholeError(error)).toBe(true)
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'not_found',
      message: 'No chat c1: reload the console',
    })
  })

  it('say the HTTP status when the answer has no error body', async () => {
    answer(502, 'Bad gateway')
    const error = await failureOf(() => api.close('c1', 'a1'))
    expect(error).toMatchObject({ code: 'http_error', message: 'The sandbox answered HTTP 502' })
  })
})
