import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import type { Settings } from '../shared/settings/settings-file'
import { createApp, type PortholeApp } from './app'
import { createBotVisitors } from './bot/bot-visitors'
import { type Bot, type BotArticles, createBot } from './bot/index'
import type { Config } from './config/config'
import { type Env, loadConfig } from './config/load-config'
import { answersLlmSecrets } from './config/parse-answers-llm'
import { smtpSecrets } from './config/parse-email'
import { createLogger, type Logger } from './logging/logger'
import { fitStreamsToOpenFiles } from './operations/open-files'
import { settlesWithin } from './operations/settles-within'
import { createRichReplies } from './rich-replies/rich-replies'
import { createRuntime } from './runtime'
import { loadSettings } from './settings/load-settings'
import { createStore } from './store/index'
import type { Store } from './store/types'
import { webhookListener } from './webhook/webhook-listener'

export type StartOptions = {
  /** Environment to read the configuration from (default process.env); ignored with `config`. */
  env?: Env
  config?: Config
  settings?: Settings
  /** A store the caller owns (not closed by close()); default: opened from STORE_URL. */
  store?: Store
  fetch?: typeof fetch
  /** Overrides PORT; 0 picks a free port. */
  port?: number
  host?: string
  /** A bot the caller owns; default: Porthole's rules bot when BOT_TOKEN is set. */
  bot?: { routes: Hono }
  /** The articles Porthole's rules bot answers from; default: the backend's help service. */
  articles?: BotArticles
  /** Extra pages mounted at / after the backend's own routes (the demo host site). */
  site?: { routes: Hono }
  logger?: Logger
  staticDir?: string
  now?: () => number
  /** The soft RLIMIT_NOFILE, for tests; default read from /proc/self/limits. */
  openFileLimit?: number
}

export type RunningServer = {
  /** http://host:port the server listens on. */
  url: string
  /** The address the socket is bound to, as the system reports it (`0.0.0.0`, `::`, `127.0.0.1`). */
  address: string
  port: number
  app: PortholeApp
  store: Store
  config: Config
  /**
   * Graceful shutdown: /healthz answers 503 "draining", stop accepting, end streams (clients
   * reconnect), let customer messages in flight get their answer, flush the store.
   */
  close(): Promise<void>
}

const SHUTDOWN_GRACE_MS = 5000
// The store gets this long to close even when the shutdown's time is up (a WAL checkpoint).
const STORE_CLOSE_MS = 2000

/** The secret values a logger must never write. */
export function secretsOf(config: Config): string[] {
  return [
    config.webhookSecret,
    config.sessionSecret,
    config.identitySecret,
    config.channel.url,
    // The channel endpoint's random string alone (a path, an error message).
    new URL(config.channel.url).pathname.split('/').at(-2),
    config.bot?.token,
    config.admin?.password,
    config.admin?.token,
    config.uploads.store.kind === 's3' ? config.uploads.store.secretAccessKey : undefined,
    ...smtpSecrets(config.email),
    config.inboundEmail?.secret,
    ...answersLlmSecrets(config.answersLlm),
  ].filter((value): value is string => value !== undefined && value.length > 0)
}

/**
 * Starts the backend on a real socket.
 *
 * @example const server = await startServer({ env: { ...process.env, PORT: '0' }, host: '127.0.0.1' })
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const loaded = options.config ?? loadConfig(options.env ?? process.env)
  const settings = options.settings ?? loadSettings(loaded.settingsPath)
  const logger =
    options.logger ?? createLogger({ level: loaded.logLevel, secrets: secretsOf(loaded) })
  // MAX_STREAMS within the open-file limit, with descriptors left for webhooks and health.
  const config = fitStreamsToOpenFiles(loaded, logger, options.openFileLimit)
  const ownsStore = options.store === undefined
  const store =
    options.store ??
    (await createStore(config.storeUrl, { logger, redisTimeoutMs: config.redisTimeoutMs }))
  const fetchUpstream = options.fetch ?? globalThis.fetch
  const base = {
    config,
    settings,
    store,
    fetch: fetchUpstream,
    now: options.now ?? Date.now,
    logger,
    ...(options.site ? { site: options.site } : {}),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
  }
  const runtime = createRuntime(base)
  let ownBot: Bot | undefined
  try {
    const visitors = createBotVisitors({
      store,
      keepMs: config.retention.maxAgeMs,
      now: base.now,
      widgetGreets: () => Boolean(runtime.settings.current().greeting),
    })
    // The settings in force (the store's, seeded from the file) before the first request.
    await runtime.settings.start()
    if (!options.bot && config.bot) {
      ownBot = createBot({
        config: config.bot,
        settings: runtime.settings.current().bot,
        // The rules saved in the settings studio apply from the next event on.
        currentSettings: () => runtime.settings.current().bot,
        store,
        visitors,
        richReplies: createRichReplies({ store, now: base.now }),
        // The articles, when this backend serves them: the bot answers from them first.
        ...(options.articles ? { articles: options.articles } : {}),
        ...(!options.articles && runtime.help ? { articles: runtime.help } : {}),
        registry: runtime.metrics.registry,
        // Written answers (ANSWERS_LLM_URL), the typing indicator while one streams in.
        ...(config.answersLlm
          ? {
              model: {
                answers: runtime.answers,
                mask: runtime.answers.mask,
                typing: (clientId: string, on: boolean) =>
                  visitors.typing?.(clientId, on) ?? Promise.resolve(),
              },
            }
          : {}),
        fetch: fetchUpstream,
        logger,
      })
    }
  } catch (error) {
    runtime.settings.stop()
    if (ownsStore) await store.close()
    throw error
  }
  const bot = options.bot ?? ownBot
  const deps = { ...base, ...(bot ? { bot } : {}) }
  const app = createApp(deps, runtime)
  // The A3 webhook's deliveries are answered without Hono's Request and Response (the
  // route's own handler, see webhook-listener.ts); everything else goes to the app.
  const server = createServer(
    webhookListener(
      app.agentWebhook,
      { logger, metrics: runtime.metrics },
      getRequestListener(app.fetch),
    ),
  )
  const host = options.host ?? config.host
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? config.port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    runtime.settings.stop()
    await ownBot?.close()
    if (ownsStore) await store.close()
    throw error
  }
  const { port, address } = server.address() as AddressInfo
  await runtime.start()
  // Bot events a previous run took and did not finish (a bounded shutdown, a crash).
  await ownBot?.resume()
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  // The pid lets an operator (and a test) tell the server from a wrapper (npm, a shell).
  logger.info('listening', { address, port, pid: process.pid, store: store.kind })

  let closing: Promise<void> | undefined
  async function close(): Promise<void> {
    // Draining from here on: /healthz answers 503 while load balancers take this instance out.
    runtime.drain()
    if (config.shutdownDrainMs > 0) {
      logger.info('draining before shutdown', { ms: config.shutdownDrainMs })
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
    }
    // SHUTDOWN_TIMEOUT_SECONDS bounds the waiting for work in flight; what is left is
    // stored (customer messages, bot events) and picked up by the next start.
    const deadline = Date.now() + config.shutdownTimeoutMs
    const left = () => Math.max(0, deadline - Date.now())
    runtime.stop()
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    const force = setTimeout(
      () => {
        if ('closeAllConnections' in server) server.closeAllConnections()
      },
      Math.min(SHUTDOWN_GRACE_MS, left()),
    )
    await closed
    clearTimeout(force)
    // Customer messages on their way get their answer saved (no resend after the restart).
    if (!(await settlesWithin(runtime.outbox.stop(), left())))
      logger.warn(
        'shutdown: customer messages still waiting for the service; resumed at the next start',
      )
    // An e-mail on its way gets its SMTP answer saved (no second e-mail after the restart).
    if (!(await settlesWithin(runtime.email.stop(), left())))
      logger.warn(
        'shutdown: an e-mail still waiting for the SMTP server; resumed at the next start',
      )
    // The bot finishes the events it took before the store it writes to goes away, or
    // leaves them stored when the time is up.
    await ownBot?.close(left())
    if (ownsStore && !(await settlesWithin(store.close(), Math.max(left(), STORE_CLOSE_MS))))
      logger.warn('shutdown: the store did not close in time')
    logger.info('stopped')
  }

  return {
    url: `http://${shownHost}:${port}`,
    address,
    port,
    app,
    store,
    config,
    close: () => {
      closing ??= close()
      return closing
    },
  }
}
