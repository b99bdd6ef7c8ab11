import type { BotLogger, LogFields } from '../../../server/bot/logger'
import type { BotReply } from '../../../server/bot/outgoing'
import type { BotContext } from '../../../server/bot/provider'

export type LogLine = { level: 'info' | 'warn' | 'error'; message: string; fields: LogFields }

/** A logger that records what it is told, so tests can assert on failures being logged. */
export function createRecordingLogger(): BotLogger & { lines: LogLine[] } {
  const lines: LogLine[] = []
  const at =
    (level: LogLine['level']) =>
    (message: string, fields: LogFields = {}) => {
      lines.push({ level, message, fields })
    }
  return { lines, info: at('info'), warn: at('warn'), error: at('error') }
}

export type RecordedCall = { url: string; body: unknown; init: RequestInit }

type Responder = (
  call: RecordedCall,
  signal: AbortSignal | undefined,
) => Response | Promise<Response>

/**
 * A fetch that records every request and answers with `responders` in turn (the
 * last one repeats). A responder may throw (connection error) or never settle
 * until the request is aborted (a hung service).
 */
export function createFakeFetch(...responders: Responder[]) {
  const calls: RecordedCall[] = []
  const fake = async (input: string | URL | Request, init: RequestInit = {}) => {
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    const call = { url: String(input), body, init }
    calls.push(call)
    const responder = responders[Math.min(calls.length - 1, responders.length - 1)]
    if (!responder) throw new Error('createFakeFetch: no responder given')
    return responder(call, init.signal ?? undefined)
  }
  return { fetch: fake as typeof fetch, calls }
}

export const ok = () => new Response('OK', { status: 200 })

export const status =
  (code: number, body?: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body ?? null, { status: code, headers })

/** Never answers; rejects when the request is aborted (as fetch does). */
export const hang = (_call: RecordedCall, signal: AbortSignal | undefined) =>
  new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })

export const refuse = () => {
  throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9')
}

/** Waits until `check` holds, polling the event loop (no wall-clock assertions). */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  tries = 2000,
): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('eventually: the condition never held')
}

/** What a recording context saw the bot send: its replies and INVITE_AGENT, in order. */
export type SentByBot = (BotReply | 'INVITE_AGENT')[]

/** A BotContext for `chatId` whose replies and hand-overs all succeed and land in `sent`. */
export function createRecordingContext(
  sent: SentByBot,
  logger: BotLogger,
  chatId = 'chat-1',
  clientId = 'client-1',
): BotContext {
  const ok = { ok: true, eventId: 'e', status: 200, attempts: 1 } as const
  return {
    eventId: 'e',
    chatId,
    clientId,
    logger,
    reply: async (message) => {
      sent.push(message)
      return ok
    },
    inviteAgent: async () => {
      sent.push('INVITE_AGENT')
      return ok
    },
  }
}
