import type { Hono } from 'hono'
import type { MetricsRegistry } from '../metrics/registry'
import type { RichReplies } from '../rich-replies/rich-replies'
import type { BotArticles } from './articles'
import type { BotVisitors } from './bot-visitors'
import { createRulesBrain } from './brain'
import { liveBotSettings } from './live-settings'
import { type BotLogger, defaultBotLogger } from './logger'
import { parseBotSettings } from './parse-bot-settings'
import { createBotProvider } from './provider'
import type { BotStore } from './store'
import { withRichReplies } from './with-rich-replies'
import type { BotModel } from './written-answer'

export type BotConfig = {
  /** BOT_TOKEN */
  token: string
  /** BOT_PROVIDER_ID */
  providerId: string
  /** BOT_BASE_URL */
  baseUrl: string
}

export type CreateBotOptions = {
  config: BotConfig
  /** The settings file's `bot` section, unparsed; undefined means all defaults. */
  settings: unknown
  /**
   * The `bot` section in force now (the settings studio saves new ones), read on each
   * event; a changed section is parsed once and used from then on.
   */
  currentSettings?: () => unknown
  store: BotStore
  /** The widget's visitors, so the bot shares their contact profile and ends their conversation. */
  visitors?: BotVisitors
  fetch?: typeof fetch
  logger?: BotLogger
  /** Remembers the bot's buttons and Markdown so the widget shows them (server/rich-replies/). */
  richReplies?: RichReplies
  /**
   * The site's published articles (the backend's help service): with `bot.articleAnswers`
   * on, a question no rule answers gets the article that answers it before any hand-over.
   */
  articles?: BotArticles
  /** The app's metrics registry: the bot's article counters join /metrics. */
  registry?: MetricsRegistry
  /** The operator's language model (ANSWERS_LLM_*): written answers from the articles. */
  model?: BotModel
  /** B1 timings, for tests; the defaults follow the spec. */
  timeoutMs?: number
  retries?: number
  retryDelayMs?: number
}

export type Bot = {
  /** Mount at /bot: POST /bot/:token is the B2 endpoint. */
  routes: Hono
  /** Resolves once every event taken so far has been handled. */
  settled(): Promise<void>
  /** Handles the events a previous run took and did not finish; call once at start. */
  resume(): Promise<void>
  /**
   * Graceful shutdown: stops taking events and waits for those under way, at most
   * `timeoutMs`; what is left stays stored for resume().
   */
  close(timeoutMs?: number): Promise<void>
}

/**
 * Porthole's rules bot, ready to mount: validates the settings (throws
 * BotSettingsError naming the rule), then wires the rules brain to a provider.
 *
 * @example
 * if (config.bot) app = createApp({ ...deps, bot: createBot({ config: config.bot, settings: settings.bot, store }) })
 */
export function createBot(options: CreateBotOptions): Bot {
  const settings = parseBotSettings(options.settings)
  const logger = options.logger ?? defaultBotLogger(options.config.token)
  const provider = createBotProvider({
    ...options.config,
    store: options.store,
    logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
    onEvent: withRichReplies(
      createRulesBrain({
        settings: options.currentSettings
          ? liveBotSettings(settings, options.settings, options.currentSettings, logger)
          : settings,
        store: options.store,
        logger,
        ...(options.visitors ? { visitors: options.visitors } : {}),
        ...(options.articles ? { articles: options.articles } : {}),
        ...(options.registry ? { registry: options.registry } : {}),
        ...(options.model ? { model: options.model } : {}),
      }),
      options.richReplies,
    ),
  })
  return {
    routes: provider.routes,
    settled: provider.settled,
    resume: provider.resume,
    close: provider.close,
  }
}

export { BotSettings } from '../../shared/settings/bot-rules'
export { ARTICLE_SEARCH_TIMEOUT_MS, type BotArticles } from './articles'
export { createRulesBrain } from './brain'
export { BotConfigError, BotSettingsError, InvalidBotEventError } from './errors'
export type { BotLogger } from './logger'
export type { BotReply, OutgoingBotEvent } from './outgoing'
export { parseBotSettings } from './parse-bot-settings'
export {
  type BotContext,
  type BotEventHandler,
  type BotProvider,
  type BotProviderOptions,
  createBotProvider,
} from './provider'
export type { SendResult } from './sender'
export type { BotStore } from './store'
export type { BotModel } from './written-answer'
