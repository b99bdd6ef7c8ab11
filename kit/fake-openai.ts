import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { AnswersLlmConfig } from '../server/config/parse-answers-llm'

// A loopback OpenAI-compatible server for the model answers' tests (server and e2e):
// POST /v1/chat/completions, streamed (SSE) or not as the request asks, with replies
// scripted per test and every request recorded. No test-runner imports here.

/** What the fake answers one request with. */
export type FakeModelReply =
  /** The model's text; streamed in `chunks` pieces when the request asks for a stream. */
  | {
      kind?: 'answer'
      content: string
      /** The usage reported; default: about a token per 4 characters of prompt and answer. */
      usage?: { in: number; out: number }
      chunks?: number
      /** A pause between streamed pieces (the bot typing while the answer comes). */
      chunkDelayMs?: number
      /** One JSON body even when the request asks for a stream (as some servers do). */
      json?: boolean
    }
  /** An HTTP error: 429, 500, 503… with an OpenAI-style error body. */
  | { kind: 'status'; status: number; retryAfter?: string }
  /** Answers `then` after `ms` (real time). */
  | { kind: 'slow'; ms: number; then: FakeModelReply }
  /** Never answers (until close()). */
  | { kind: 'hang' }
  /** Starts the answer (half the content; half a JSON body with `json`) and drops the connection. */
  | { kind: 'cut'; content: string; json?: boolean }
  /** 200 with a body (or a stream piece) that is not JSON. */
  | { kind: 'malformed' }
  /** 200 with JSON that is not a chat completion. */
  | { kind: 'wrong-shape' }

/** One request as the fake received it. */
export type FakeModelRequest = {
  path: string
  headers: Record<string, string>
  /** The parsed JSON body (undefined when it was not JSON). */
  body: FakeChatRequest | undefined
  raw: string
}

/** The fields of a chat completion request the tests read. */
export type FakeChatRequest = {
  model?: string
  stream?: boolean
  messages?: { role: string; content: string }[]
  [key: string]: unknown
}

/** A reply computed from the request (e.g. citing the first passage it was given). */
export type FakeModelReplier = (request: FakeModelRequest) => FakeModelReply

export type FakeOpenAi = {
  /** The base URL to set as ANSWERS_LLM_URL: `http://127.0.0.1:<port>/v1`. */
  url: string
  /** Every request, in order. */
  readonly requests: FakeModelRequest[]
  /** The next requests get these replies, one each, in order. */
  queue(...replies: (FakeModelReply | FakeModelReplier)[]): void
  /** The reply once the queue is empty (default: `{ content: 'NO_ANSWER' }`). */
  setDefault(reply: FakeModelReply | FakeModelReplier): void
  /** The text of every message of request `index` (default the last), joined. */
  promptOf(index?: number): string
  /** Forgets the requests and the queued replies; the default reply is NO_ANSWER again. */
  reset(): void
  close(): Promise<void>
}

/** ANSWERS_LLM_* as loadConfig gives them, pointed at `model`; override any. */
export function answersConfigOf(
  model: Pick<FakeOpenAi, 'url'>,
  overrides: Partial<AnswersLlmConfig> = {},
): AnswersLlmConfig {
  return {
    url: model.url,
    key: undefined,
    model: 'fake-model',
    timeoutMs: 8000,
    headers: {},
    maxPerConversation: 10,
    dailyTokens: 100_000,
    ...overrides,
  }
}

const tokensOf = (text: string) => Math.max(1, Math.ceil(text.length / 4))

/**
 * Starts the fake on a free loopback port.
 *
 * @example
 * const model = await startFakeOpenAi()
 * model.queue({ content: 'Returns take 30 days [a-returns].' })
 * // ANSWERS_LLM_URL=model.url … then: model.requests[0].body.messages
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeModelRequest[] = []
  const queued: (FakeModelReply | FakeModelReplier)[] = []
  const NO_ANSWER: FakeModelReply = { content: 'NO_ANSWER' }
  let fallback: FakeModelReply | FakeModelReplier = NO_ANSWER
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      raw += chunk
    })
    req.on('end', () => {
      const request: FakeModelRequest = {
        path: req.url ?? '',
        headers: headersOf(req),
        body: parseBody(raw),
        raw,
      }
      if (req.method !== 'POST' || !request.path.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${request.path}` } }))
        return
      }
      requests.push(request)
      const next = queued.shift() ?? fallback
      const reply = typeof next === 'function' ? next(request) : next
      void answer(res, request, reply)
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...replies) => {
      queued.push(...replies)
    },
    setDefault: (reply) => {
      fallback = reply
    },
    reset: () => {
      requests.length = 0
      queued.length = 0
      fallback = NO_ANSWER
    },
    promptOf: (index = requests.length - 1) =>
      (requests[index]?.body?.messages ?? []).map((m) => m.content).join('\n'),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

async function answer(
  res: ServerResponse,
  request: FakeModelRequest,
  reply: FakeModelReply,
): Promise<void> {
  const streamed = request.body?.stream === true && !('json' in reply && reply.json)
  switch (reply.kind) {
    case 'hang':
      return
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, reply.ms))
      return answer(res, request, reply.then)
    case 'status':
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        ...(reply.retryAfter ? { 'retry-after': reply.retryAfter } : {}),
      })
      res.end(JSON.stringify({ error: { message: `scripted ${reply.status}`, type: 'fake' } }))
      return
    case 'malformed':
      if (streamed) {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.end('data: {"choices":[{"delta":{"content":"Hel\n\ndata: [DONE]\n\n')
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[{"mess')
      }
      return
    case 'wrong-shape':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"ok"}')
      return
    case 'cut': {
      const half = reply.content.slice(0, Math.ceil(reply.content.length / 2))
      if (streamed) {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        res.write(`data: ${JSON.stringify(delta(half))}\n\n`)
      } else {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write(JSON.stringify(completion(reply.content, { in: 1, out: 1 })).slice(0, 40))
      }
      setTimeout(() => res.socket?.destroy(), 20)
      return
    }
    default: {
      const prompt = (request.body?.messages ?? []).map((m) => m.content).join('\n')
      const usage = reply.usage ?? { in: tokensOf(prompt), out: tokensOf(reply.content) }
      if (!streamed) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(completion(reply.content, usage)))
        return
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      for (const piece of pieces(reply.content, reply.chunks ?? 3)) {
        res.write(`data: ${JSON.stringify(delta(piece))}\n\n`)
        if (reply.chunkDelayMs) await new Promise((r) => setTimeout(r, reply.chunkDelayMs))
      }
      res.write(`data: ${JSON.stringify(finalChunk(usage))}\n\n`)
      res.end('data: [DONE]\n\n')
    }
  }
}

function completion(content: string, usage: { in: number; out: number }) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    model: 'fake',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: usage.in,
      completion_tokens: usage.out,
      total_tokens: usage.in + usage.out,
    },
  }
}

function delta(content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  }
}

function finalChunk(usage: { in: number; out: number }) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
    usage: {
      prompt_tokens: usage.in,
      completion_tokens: usage.out,
      total_tokens: usage.in + usage.out,
    },
  }
}

function pieces(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, count)))
  const out: string[] = []
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size))
  return out
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers[name] = value
  return headers
}

function parseBody(raw: string): FakeChatRequest | undefined {
  try {
    const json: unknown = JSON.parse(raw)
    return typeof json === 'object' && json !== null ? (json as FakeChatRequest) : undefined
  } catch {
    return undefined
  }
}
