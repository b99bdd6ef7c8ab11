import { z } from 'zod'
import type { AnswersLlmConfig } from '../config/parse-answers-llm'
import { ModelResponseTooLargeError, readSseData } from './sse-data'

/** Why a model call gave no text: each is a fallback reason in logs, metrics and the console. */
export const CALL_FAILURES = [
  'timeout',
  'rate_limited',
  'server_error',
  'cut_stream',
  'malformed',
] as const
export type CallFailure = (typeof CALL_FAILURES)[number]

export type Tokens = { in: number; out: number }

/** What one chat completion request gave; never an exception. */
export type CallOutcome =
  | { ok: true; content: string; tokens: Tokens }
  | { ok: false; reason: CallFailure; tokens: Tokens; detail: string }

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string }

const Usage = z
  .object({ prompt_tokens: z.number().int().min(0), completion_tokens: z.number().int().min(0) })
  .optional()
  .nullable()
const Completion = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
  usage: Usage,
})
const Chunk = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })),
  usage: Usage,
})

// Without a usage report (some local servers send none) tokens are estimated: about four
// characters a token, the usual rule for English.
const estimate = (text: string) => Math.ceil(text.length / 4)
const ANSWER_MAX_TOKENS = 600

/**
 * One chat completion against the operator's OpenAI-compatible endpoint, within
 * `config.timeoutMs` from the request to the last byte. `onText` gets each streamed piece
 * (the bot shows itself typing). 429 → rate_limited; another non-2xx → server_error; an
 * unparsable body → malformed; a stream that ends without `[DONE]` → cut_stream.
 *
 * @example const outcome = await callModel(config, fetch, messages)
 */
export async function callModel(
  config: AnswersLlmConfig,
  fetchModel: typeof fetch,
  messages: ChatMessage[],
  onText?: (piece: string) => void,
): Promise<CallOutcome> {
  const sent = estimate(messages.map((m) => m.content).join('\n'))
  const failed = (reason: CallFailure, detail: string, out = 0): CallOutcome => ({
    ok: false,
    reason,
    detail,
    tokens: { in: sent, out },
  })
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), config.timeoutMs)
  let answered = false
  try {
    const response = await fetchModel(`${config.url}/chat/completions`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        ...config.headers,
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json',
        ...(config.key ? { authorization: `Bearer ${config.key}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages,
        temperature: 0.2,
        max_tokens: ANSWER_MAX_TOKENS,
        stream: true,
        stream_options: { include_usage: true },
      }),
    })
    answered = true
    if (response.status === 429) {
      await response.body?.cancel()
      return failed('rate_limited', 'HTTP 429')
    }
    if (!response.ok) {
      await response.body?.cancel()
      return failed('server_error', `HTTP ${response.status}`)
    }
    const type = response.headers.get('content-type') ?? ''
    if (!type.includes('text/event-stream')) {
      // A server that ignores `stream` answers one JSON body.
      // A body that breaks off throws here (cut_stream); a whole one that is not JSON is malformed.
      const body = await response.text()
      const parsed = Completion.safeParse(parseJson(body))
      if (!parsed.success) return failed('malformed', 'not a chat completion')
      const content = parsed.data.choices[0]?.message.content ?? ''
      return { ok: true, content, tokens: tokensOf(parsed.data.usage, sent, content) }
    }
    let content = ''
    let usage: z.infer<typeof Usage>
    let done = false
    let bad = false
    await readSseData(response, (data) => {
      if (data === '[DONE]') {
        done = true
        return
      }
      const chunk = Chunk.safeParse(parseJson(data))
      if (!chunk.success) {
        bad = true
        return
      }
      const piece = chunk.data.choices[0]?.delta?.content ?? ''
      if (piece) {
        content += piece
        onText?.(piece)
      }
      if (chunk.data.usage) usage = chunk.data.usage
    })
    if (bad)
      return failed('malformed', 'a stream event that is not a chat chunk', estimate(content))
    if (!done) return failed('cut_stream', 'the stream ended before [DONE]', estimate(content))
    return { ok: true, content, tokens: tokensOf(usage, sent, content) }
  } catch (error) {
    if (controller.signal.aborted)
      return failed('timeout', `no answer within ${config.timeoutMs} ms`)
    const detail = error instanceof Error ? error.message : String(error)
    if (error instanceof ModelResponseTooLargeError) return failed('malformed', detail)
    // A connection dropped in the middle of the answer, or no connection at all.
    return failed(answered ? 'cut_stream' : 'server_error', detail)
  } finally {
    clearTimeout(timer)
  }
}

function tokensOf(usage: z.infer<typeof Usage>, sent: number, content: string): Tokens {
  return usage
    ? { in: usage.prompt_tokens, out: usage.completion_tokens }
    : { in: sent, out: estimate(content) }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
