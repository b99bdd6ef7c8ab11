import { isHttpUrl } from '../../shared/url'
import type { EnvSchema } from './env-schema'

/** ANSWERS_LLM_*: the OpenAI-compatible model that writes answers from the articles. */
export type AnswersLlmConfig = {
  /** The base URL without a trailing slash (`https://api.openai.com/v1`); `/chat/completions` is added. */
  url: string
  /** The Bearer key, when the endpoint wants one. A secret: never logged. */
  key: string | undefined
  model: string
  /** The longest wait for the model before the article answer is sent instead. */
  timeoutMs: number
  /** Extra request headers for gateways (ANSWERS_LLM_HEADERS). Their values are treated as secrets. */
  headers: Record<string, string>
  /** Model calls one conversation may make. */
  maxPerConversation: number
  /** Tokens (in and out) all answers together may use in a UTC day, on every instance. */
  dailyTokens: number
}

type AnswersEnv = Pick<
  EnvSchema,
  | 'ANSWERS_LLM_URL'
  | 'ANSWERS_LLM_KEY'
  | 'ANSWERS_LLM_MODEL'
  | 'ANSWERS_LLM_TIMEOUT_MS'
  | 'ANSWERS_LLM_HEADERS'
  | 'ANSWERS_LLM_MAX_PER_CONVERSATION'
  | 'ANSWERS_LLM_DAILY_TOKENS'
>

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
// Headers the backend sets itself: a gateway header must not replace them.
const OWN_HEADERS = new Set(['content-type', 'content-length', 'accept', 'host'])

/**
 * The model is on with ANSWERS_LLM_URL and off without it; the other variables need it.
 *
 * @example parseAnswersLlm({ ANSWERS_LLM_URL: 'http://127.0.0.1:11434/v1', ANSWERS_LLM_MODEL: 'llama3.1', … }, fail)
 */
export function parseAnswersLlm(
  e: AnswersEnv,
  fail: (variable: string, problem: string) => void,
): AnswersLlmConfig | undefined {
  const url = e.ANSWERS_LLM_URL
  if (url === undefined) {
    for (const name of ['ANSWERS_LLM_KEY', 'ANSWERS_LLM_MODEL', 'ANSWERS_LLM_HEADERS'] as const) {
      if (e[name] !== undefined)
        fail(name, 'needs ANSWERS_LLM_URL: without the model’s base URL no model is used')
    }
    return undefined
  }
  let bad = false
  const note = (variable: string, problem: string) => {
    bad = true
    fail(variable, problem)
  }
  if (!isHttpUrl(url) || /[?#]/.test(url))
    note(
      'ANSWERS_LLM_URL',
      'must be the http(s):// base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (no query)',
    )
  if (e.ANSWERS_LLM_MODEL === undefined)
    note(
      'ANSWERS_LLM_MODEL',
      'is not set: ANSWERS_LLM_URL needs the model name to send, e.g. gpt-4o-mini or llama3.1',
    )
  const headers = parseHeaders(e.ANSWERS_LLM_HEADERS, note)
  if (bad) return undefined
  return {
    url: url.replace(/\/+$/, '').replace(/\/chat\/completions$/, ''),
    key: e.ANSWERS_LLM_KEY,
    model: e.ANSWERS_LLM_MODEL ?? '',
    timeoutMs: e.ANSWERS_LLM_TIMEOUT_MS,
    headers,
    maxPerConversation: e.ANSWERS_LLM_MAX_PER_CONVERSATION,
    dailyTokens: e.ANSWERS_LLM_DAILY_TOKENS,
  }
}

function parseHeaders(
  value: string | undefined,
  fail: (variable: string, problem: string) => void,
): Record<string, string> {
  if (value === undefined) return {}
  const problem =
    'must be a JSON object of header names and string values, e.g. {"api-key":"…","X-Team":"support"}'
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    fail('ANSWERS_LLM_HEADERS', `${problem} (it is not JSON)`)
    return {}
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail('ANSWERS_LLM_HEADERS', problem)
    return {}
  }
  const headers: Record<string, string> = {}
  for (const [name, header] of Object.entries(json)) {
    if (!HEADER_NAME.test(name) || typeof header !== 'string' || /[\r\n]/.test(header)) {
      fail(
        'ANSWERS_LLM_HEADERS',
        `${problem}; "${name}" is not a header name with a one-line string value`,
      )
      return {}
    }
    if (OWN_HEADERS.has(name.toLowerCase())) {
      fail('ANSWERS_LLM_HEADERS', `must not set ${name}: the backend sets it itself`)
      return {}
    }
    headers[name] = header
  }
  return headers
}

/** The secrets of ANSWERS_LLM_*, for the logger's mask. */
export function answersLlmSecrets(config: AnswersLlmConfig | undefined): string[] {
  if (config === undefined) return []
  return [config.key, ...Object.values(config.headers)].filter(
    (value): value is string => value !== undefined && value.length >= 4,
  )
}
