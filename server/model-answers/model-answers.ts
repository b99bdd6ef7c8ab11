import type { FallbackReason } from '../../shared/model-answers/fallback-reasons'
import type { BotMessagePayload } from '../../shared/protocol'
import type { BotSettings } from '../../shared/settings/bot-rules'
import type { AnswersLlmConfig } from '../config/parse-answers-llm'
import type { Logger } from '../logging/logger'
import type { MetricsRegistry } from '../metrics/registry'
import { modelAnswerMessages } from './answer-message'
import { checkAnswer } from './check-answer'
import type { DailyBudget } from './daily-budget'
import { callModel, type Tokens } from './model-call'
import { modelMetrics } from './model-metrics'
import { buildPrompt, type Passage, type Turn } from './prompt'

/** The overview's counters of the written answers (the help's counters, server/help/). */
export type ModelCounter =
  | 'modelAnswers'
  | 'modelHelped'
  | 'modelFallbacks'
  | `modelFallback:${FallbackReason}`

/** The studio's "Ask the bot" console: its questions count in /metrics and the budget, not in the overview. */
export const CONSOLE_SOURCE = 'console'

/** Passages given to the model for one question. */
export const PASSAGES_PER_QUESTION = 4

/** What one question came to (the bot sends `messages`; the studio's console shows the rest). */
export type ModelAnswerResult = {
  passages: Passage[]
  answer: { markdown: string; citations: string[] } | null
  fallback: FallbackReason | null
  ms: number
  tokens: Tokens
  /** The bot's messages for a written answer. */
  messages?: BotMessagePayload[]
  /** Whether the model was asked (it counts toward the conversation's cap). */
  called: boolean
}

export type AnswerRequest = {
  question: string
  /** The visitor's language as the bot guessed it. */
  language: string
  settings: BotSettings
  /** The conversation's earlier messages (masked), oldest first. */
  turns?: readonly Turn[]
  /** The conversation's model calls are used up (ANSWERS_LLM_MAX_PER_CONVERSATION). */
  capReached?: boolean
  /** Each streamed piece of the answer (the bot shows itself typing). */
  onText?: () => void
  /** Names the conversation in logs (a chat id), or `console` for the studio. */
  source: string
}

export type ModelAnswers = {
  answer(request: AnswerRequest): Promise<ModelAnswerResult>
  /** "That helped" under a written answer. */
  helped(): void
  /** The per-conversation cap (ANSWERS_LLM_MAX_PER_CONVERSATION); undefined without a model. */
  readonly maxPerConversation: number | undefined
  /** The longest wait for the model (ANSWERS_LLM_TIMEOUT_MS); undefined without a model. */
  readonly timeoutMs: number | undefined
  /** What hides secrets in a visitor's words before they leave (the turns are kept masked). */
  mask(text: string): string
}

export type ModelAnswersOptions = {
  config: AnswersLlmConfig | undefined
  passages(question: string, request: { language: string; limit: number }): Passage[]
  budget: DailyBudget | undefined
  fetch: typeof fetch
  registry: MetricsRegistry
  logger: Pick<Logger, 'info' | 'warn'>
  now: () => number
  /** Hides secrets (card numbers…) in the visitor's words before they leave. */
  mask: (text: string) => string
  /** The studio overview's counters (the help's). */
  count?: (counter: ModelCounter) => void
}

const languageAllowed = (languages: readonly string[], language: string) =>
  languages.length === 0 ||
  languages.some((allowed) => allowed === language || allowed === language.split('-')[0])

/**
 * Written answers from the site's articles: passages from the articles' search, one
 * model call under the caps, the answer checked (citations, links) before it may be
 * sent. Never throws: every failure is a fallback reason, logged and counted.
 *
 * @example const result = await answers.answer({ question, language: 'en', settings, source: chatId })
 */
export function createModelAnswers(options: ModelAnswersOptions): ModelAnswers {
  const { config, logger, now } = options
  const metrics = modelMetrics(options.registry)

  async function answer(request: AnswerRequest): Promise<ModelAnswerResult> {
    const started = now()
    const tokens: Tokens = { in: 0, out: 0 }
    let passages: Passage[] = []
    let called = false
    const counted = request.source !== CONSOLE_SOURCE
    const done = (
      fallback: FallbackReason | null,
      extra: Partial<ModelAnswerResult> = {},
    ): ModelAnswerResult => ({
      passages,
      answer: null,
      fallback,
      ms: Math.max(0, now() - started),
      tokens,
      called,
      ...extra,
    })
    const fellBack = (reason: FallbackReason, detail: string) => {
      metrics.fallbacks.inc({ reason })
      if (counted) {
        options.count?.('modelFallbacks')
        options.count?.(`modelFallback:${reason}`)
      }
      logger.info('model answers: the article answer instead', {
        reason,
        detail,
        source: request.source,
      })
      return done(reason)
    }
    const own = request.settings.modelAnswers
    if (!config) return done('no_model')
    if (!own.enabled || !languageAllowed(own.languages, request.language)) return done('off')
    const question = options.mask(request.question)
    passages = options.passages(question, {
      language: request.language,
      limit: PASSAGES_PER_QUESTION,
    })
    if (passages.length === 0) return fellBack('no_answer', 'no passage matches the question')
    if (request.capReached)
      return fellBack('cap', `${config.maxPerConversation} model calls in this conversation`)
    if (options.budget && (await options.budget.spent()) >= options.budget.limit)
      return fellBack('budget', `${options.budget.limit} tokens spent today`)
    const messages = buildPrompt({
      question,
      language: request.language,
      passages,
      // Kept masked in the chat's state (server/bot/written-answer.ts).
      turns: request.turns ?? [],
      instructions: own.instructions,
    })
    metrics.calls.inc()
    called = true
    const outcome = await callModel(config, options.fetch, messages, request.onText)
    metrics.latency.observe(Math.max(0, now() - started) / 1000)
    tokens.in = outcome.tokens.in
    tokens.out = outcome.tokens.out
    metrics.tokens.inc({ direction: 'in' }, tokens.in)
    metrics.tokens.inc({ direction: 'out' }, tokens.out)
    await options.budget?.spend(tokens.in + tokens.out)
    if (!outcome.ok) return fellBack(outcome.reason, outcome.detail)
    const checked = checkAnswer(outcome.content, passages)
    if (!checked.ok) return fellBack(checked.reason, checked.detail)
    const cited = checked.citations.flatMap((id) => passages.filter((p) => p.articleId === id))
    const sent = modelAnswerMessages(request.settings, request.language, checked.markdown, cited)
    if (!sent) return fellBack('malformed', 'the answer is too long for one chat message')
    if (counted) options.count?.('modelAnswers')
    return done(null, {
      answer: { markdown: checked.markdown, citations: checked.citations },
      messages: sent,
    })
  }

  return {
    answer,
    helped() {
      metrics.helped.inc()
      options.count?.('modelHelped')
    },
    maxPerConversation: config?.maxPerConversation,
    timeoutMs: config?.timeoutMs,
    mask: options.mask,
  }
}
