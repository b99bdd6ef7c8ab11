import { isRecord } from '../../../shared/is-record'
import { jsonInit, type Request, StudioApiError } from '../api-request'
import {
  FALLBACK_REASONS,
  type FallbackReason,
  type ModelState,
  type Passage,
  type TriedAnswer,
} from './answer-types'

/** The model answers' admin API, as the studio calls it. */
export interface AnswersApi {
  /** Whether the backend has a model configured. */
  state(): Promise<ModelState>
  /** What the bot would answer to `question` in `language`, with the saved settings. */
  tryQuestion(question: string, language: string): Promise<TriedAnswer>
}

const unreadable = (what: string) =>
  new StudioApiError(0, 'bad_answer', `The server sent ${what} the studio cannot read.`)

const number = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0

function passage(item: unknown): Passage[] {
  if (!isRecord(item) || typeof item.articleId !== 'string' || typeof item.text !== 'string')
    return []
  const title = typeof item.title === 'string' ? item.title : item.articleId
  return [{ articleId: item.articleId, title, text: item.text, score: number(item.score) }]
}

function fallbackOf(value: unknown): FallbackReason | null {
  if (value === null || value === undefined) return null
  const known = FALLBACK_REASONS.find((reason) => reason === value)
  if (!known) throw unreadable('a fallback reason')
  return known
}

/** Reads POST /admin/api/answers/try's answer, checking what the console shows. */
export function readTriedAnswer(body: unknown): TriedAnswer {
  if (!isRecord(body) || !Array.isArray(body.passages)) throw unreadable('a tried answer')
  const raw = body.answer
  let answer: TriedAnswer['answer'] = null
  if (isRecord(raw)) {
    if (typeof raw.markdown !== 'string') throw unreadable('a tried answer')
    const citations = Array.isArray(raw.citations)
      ? raw.citations.filter((id): id is string => typeof id === 'string')
      : []
    answer = { markdown: raw.markdown, citations }
  }
  const tokens = isRecord(body.tokens) ? body.tokens : {}
  return {
    passages: body.passages.flatMap(passage),
    answer,
    fallback: fallbackOf(body.fallback),
    ms: number(body.ms),
    tokens: { in: number(tokens.in), out: number(tokens.out) },
  }
}

export function readModelState(body: unknown): ModelState {
  if (!isRecord(body) || typeof body.modelConfigured !== 'boolean')
    throw unreadable('a model state')
  return { modelConfigured: body.modelConfigured }
}

/** The answers API over the studio's request (api-request.ts). */
export function createAnswersApi(call: Request): AnswersApi {
  return {
    state: async () => readModelState(await call('/api/answers')),
    tryQuestion: async (question, language) =>
      readTriedAnswer(await call('/api/answers/try', jsonInit('POST', { question, language }))),
  }
}
