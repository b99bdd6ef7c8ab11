import { TEST_CHANNEL_URL } from '../../support/test-config'

/** `delayMs`: the service takes this long to answer (it processes the request all the same if the caller gives up). */
export type Reply =
  | { status: number; body?: string; delayMs?: number }
  | 'connection-error'
  | 'hang'

type Call = { url: string; method: string; body: unknown }

/**
 * The conversation service at the fetch boundary: answers A1 and A2 from scripts
 * and records every call.
 */
export function createFakeService(options: { status?: Reply; message?: Reply } = {}) {
  const calls: Call[] = []
  const messageReplies: Reply[] = []
  let defaultMessage: Reply = options.message ?? { status: 200, body: '' }
  let status: Reply = options.status ?? { status: 200, body: '1' }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ url, method, body })
    let reply: Reply
    if (url === `${TEST_CHANNEL_URL}/status` && method === 'GET') reply = status
    else if (url === TEST_CHANNEL_URL && method === 'POST')
      reply = messageReplies.shift() ?? defaultMessage
    else reply = { status: 404, body: 'no such channel' }
    if (reply === 'connection-error') throw new TypeError('fetch failed: ECONNREFUSED')
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    }
    if (reply.delayMs !== undefined) {
      const delayMs = reply.delayMs
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, delayMs)
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(init.signal?.reason)
        })
      })
    }
    return new Response(reply.body ?? '', {
      status: reply.status,
      headers: { 'content-type': 'text/plain' },
    })
  }

  return {
    fetch,
    calls,
    /** A2 bodies posted, in order. */
    messages: () => calls.filter((c) => c.method === 'POST').map((c) => c.body),
    statusCalls: () => calls.filter((c) => c.url.endsWith('/status')).length,
    /** Answers for the next A2 requests, in order; then the default. */
    queueMessageReplies(...replies: Reply[]) {
      messageReplies.push(...replies)
    },
    setMessageDefault(reply: Reply) {
      defaultMessage = reply
    },
    setStatus(reply: Reply) {
      status = reply
    },
  }
}
export type FakeService = ReturnType<typeof createFakeService>
