import { answersConfigOf, type FakeOpenAi } from '../../../kit/fake-openai'
import type { BotArticles } from '../../../server/bot/articles'
import { createRulesBrain } from '../../../server/bot/brain'
import { parseBotSettings } from '../../../server/bot/parse-bot-settings'
import type { AnswersLlmConfig } from '../../../server/config/parse-answers-llm'
import { createMetricsRegistry } from '../../../server/metrics/registry'
import { createDailyBudget } from '../../../server/model-answers/daily-budget'
import { createModelAnswers } from '../../../server/model-answers/model-answers'
import type { Passage } from '../../../server/model-answers/prompt'
import { createMemoryStore } from '../../../server/store/memory-store'
import type { Store } from '../../../server/store/types'
import { ServiceToProviderEvent } from '../../../shared/protocol'
import { createClientMessageEvent } from '../../support/protocol-factories'
import { createRecordingContext, createRecordingLogger, type SentByBot } from './bot-fakes'
import { createSettingsInput } from './rule-factories'

/** A passage of the fake help, with its article's address under shop.example. */
export function createPassage(articleId: string, text: string, title = articleId): Passage {
  return { articleId, title, text, url: `https://shop.example/help/${articleId}`, score: 10 }
}

export const RETURNS_PASSAGE = createPassage(
  'returns-window',
  'You can return unworn items within 30 days of delivery.',
  'How do I return an item?',
)

export type ModelBrainOptions = {
  model: FakeOpenAi
  passages?: Passage[]
  /** bot.modelAnswers and any other bot settings. */
  settings?: Record<string, unknown>
  llm?: Partial<AnswersLlmConfig>
  store?: Store
  mask?: (text: string) => string
  /** The typing indicator's calls go here (default: recorded in `typings`). */
  typing?: (clientId: string, on: boolean) => Promise<void>
  /** The bot's longest wait for the article search (default the bot's own). */
  articleTimeoutMs?: number
  /** Called as each article search starts. */
  onSearch?: () => void
}

/**
 * The rules brain with the articles (one confident article: the returns window) and the
 * model answers against the fake model: `say(text, chat?)` sends a CLIENT_MESSAGE,
 * `sent` the bot's replies, `metric(name)` a /metrics value, `logger.lines` the logs.
 */
export function createModelBrain(options: ModelBrainOptions) {
  const passages = options.passages ?? [RETURNS_PASSAGE]
  const registry = createMetricsRegistry({ processMetrics: false })
  const logger = createRecordingLogger()
  const store = options.store ?? createMemoryStore()
  const llm = answersConfigOf(options.model, options.llm)
  const budget = createDailyBudget({ store, limit: llm.dailyTokens, now: Date.now, logger })
  const counted: string[] = []
  const answers = createModelAnswers({
    config: llm,
    passages: () => passages,
    budget,
    fetch,
    registry,
    logger,
    now: Date.now,
    mask: options.mask ?? ((text) => text),
    count: (counter) => counted.push(counter),
  })
  const searches: string[] = []
  const typings: [string, boolean][] = []
  const articles: BotArticles = {
    async search(query) {
      searches.push(query)
      options.onSearch?.()
      const first = passages[0]
      return first
        ? {
            confident: true,
            results: [
              { id: first.articleId, title: first.title, snippet: first.text, url: first.url },
            ],
          }
        : { confident: false, results: [] }
    },
  }
  const brain = createRulesBrain({
    settings: parseBotSettings(
      createSettingsInput({
        greeting: undefined,
        modelAnswers: { enabled: true },
        ...options.settings,
      }),
    ),
    store,
    logger,
    articles,
    registry,
    ...(options.articleTimeoutMs ? { articleTimeoutMs: options.articleTimeoutMs } : {}),
    model: {
      answers,
      mask: answers.mask,
      typing:
        options.typing ??
        (async (clientId, on) => {
          typings.push([clientId, on])
        }),
    },
  })
  const sent: SentByBot = []
  const ctxOf = (chatId: string) => createRecordingContext(sent, logger, chatId, `client-${chatId}`)
  const event = (chatId: string, body: Record<string, unknown>) =>
    brain(ServiceToProviderEvent.parse(body), ctxOf(chatId))
  const say = (text: string, chatId = 'chat-1') =>
    event(
      chatId,
      createClientMessageEvent({
        chat_id: chatId,
        client_id: `client-${chatId}`,
        message: { type: 'TEXT', text },
      }),
    )
  const metric = async (name: string) => {
    const line = (await registry.render()).split('\n').find((l) => l.startsWith(`${name} `))
    return Number(line?.split(' ')[1] ?? 0)
  }
  const types = () => sent.map((m) => (typeof m === 'string' ? m : m.type))
  return {
    say,
    event,
    sent,
    types,
    metric,
    logger,
    searches,
    counted,
    typings,
    budget,
    registry,
    store,
  }
}
