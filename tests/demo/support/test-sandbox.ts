import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { afterEach } from 'vitest'
import { createSandbox, type SandboxOptions } from '../../../demo/sandbox/index'
import type { ChannelInput } from '../../../demo/sandbox/service/inputs'

// Factories for the sandbox tests: each test builds its own sandbox, receivers and bodies.

/** Short timings so retries and timeouts take milliseconds. */
export const FAST = {
  deliveryIntervalMs: 20,
  deliveryAttempts: 3,
  deliveryTimeoutMs: 500,
  botTimeoutMs: 300,
  botRetries: 2,
}

export function createTestSandbox(options: SandboxOptions = {}) {
  return createSandbox({
    consoleDir: '/nonexistent-console',
    ...options,
    timings: { ...FAST, ...options.timings },
  })
}

/**
 * A sandbox with Anna online (unless `options` says otherwise) and one channel; `send` posts
 * a body to the channel's endpoint (A2).
 */
export function createSandboxWithChannel(
  options: SandboxOptions = {},
  channel: Partial<ChannelInput> = {},
) {
  const sandbox = createTestSandbox({ agents: [{ name: 'Anna', online: true }], ...options })
  const created = sandbox.service.createChannel(channelInput(channel))
  const send = (body: unknown) =>
    sandbox.app.request(endpointPath(created.endpoint), postJson(body))
  return { ...sandbox, channel: created, send }
}

export function channelInput(overrides: Partial<ChannelInput> = {}): ChannelInput {
  return {
    name: 'Website',
    webhookUrl: 'http://127.0.0.1:9/hooks/secret',
    agents: ['Anna'],
    ...overrides,
  }
}

export function customerMessage(overrides: { sender?: object; message?: object } = {}) {
  return {
    sender: { id: 'visitor-1', name: 'Jo Doe', ...overrides.sender },
    message: { type: 'text', text: 'Hello, can you help?', ...overrides.message },
  }
}

/** A path of the sandbox's channel endpoint (app.request takes paths or full URLs). */
export function endpointPath(endpoint: string): string {
  return new URL(endpoint).pathname
}

export function postJson(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}

export type Received = { url: string; headers: IncomingHttpHeaders; body: string; json: unknown }
export type Reply = { status?: number; body?: string; delayMs?: number }

async function listen(server: Server | ReturnType<typeof createNetServer>): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/**
 * A real HTTP receiver (the integrator's webhook or a bot provider) that records every
 * request and answers with `reply(request, index)`; default 200 {"result":"ok"}.
 */
export async function startReceiver(
  reply: (request: Received, index: number) => Reply = () => ({}),
) {
  const received: Received[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (part: string) => {
      body += part
    })
    req.on('end', () => {
      const request = { url: req.url ?? '', headers: req.headers, body, json: parse(body) }
      received.push(request)
      const answer = reply(request, received.length - 1)
      const send = () => {
        if (res.destroyed) return
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
        res.end(answer.body ?? '{"result":"ok"}')
      }
      if (answer.delayMs) setTimeout(send, answer.delayMs)
      else send()
    })
  })
  const port = await listen(server)
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type RawRequest = {
  head: string
  headers: Record<string, string>
  chunks: number
  body: string
}

/**
 * A receiver at the TCP level: sees the framing exactly as it is on the wire
 * (Content-Length, or each chunk of a chunked body) and answers {"result":"ok"}.
 */
export async function startRawReceiver() {
  const requests: RawRequest[] = []
  const server = createNetServer((socket) => {
    let buffer = Buffer.alloc(0)
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data])
      const request = parseRaw(buffer)
      if (!request) return
      requests.push(request)
      const reply = '{"result":"ok"}'
      socket.end(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${reply.length}\r\nconnection: close\r\n\r\n${reply}`,
      )
    })
  })
  const port = await listen(server)
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function parseRaw(buffer: Buffer): RawRequest | undefined {
  const end = buffer.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const head = buffer.subarray(0, end).toString('latin1')
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let rest = buffer.subarray(end + 4)
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    if (rest.length < length) return undefined
    return { head, headers, chunks: 0, body: rest.subarray(0, length).toString('utf8') }
  }
  const parts: Buffer[] = []
  for (;;) {
    const lineEnd = rest.indexOf('\r\n')
    if (lineEnd < 0) return undefined
    const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16)
    if (rest.length < lineEnd + 2 + size + 2) return undefined
    if (size === 0) break
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
    rest = rest.subarray(lineEnd + 2 + size + 2)
  }
  return { head, headers, chunks: parts.length, body: Buffer.concat(parts).toString('utf8') }
}

/** A port nothing listens on: connections to it are refused at once. */
export async function closedPort(): Promise<number> {
  const server = createNetServer()
  const port = await listen(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * Receivers for the tests of a file: `receiver(...)` starts one (as `startReceiver`) and
 * `whenDone(close)` registers any other closing; all are closed after each test.
 */
export function useReceivers() {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })
  return {
    async receiver(...args: Parameters<typeof startReceiver>) {
      const started = await startReceiver(...args)
      cleanups.push(started.close)
      return started
    },
    whenDone(close: () => Promise<void>) {
      cleanups.push(close)
    },
  }
}

/**
 * A response as one line, `401 invalid_client: The token …`, when its body is exactly the
 * sandbox's error body (section 7); anything else as its status and its body's JSON.
 */
export async function errorLine(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } }
  const { error } = body
  const exact =
    Object.keys(body).join() === 'error' && Object.keys(error ?? {}).join() === 'code,message'
  return exact
    ? `${response.status} ${error?.code}: ${error?.message}`
    : `${response.status} ${JSON.stringify(body)}`
}
