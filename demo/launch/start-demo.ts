import { join, resolve } from 'node:path'
import { findRepoRoot } from '../../server/assets/repo-root'
import { loadDemoSecrets } from '../../server/config/demo-secrets'
import { type Env, loadConfig } from '../../server/config/load-config'
import { loadSettings } from '../../server/config/settings'
import { createLogger, type Logger } from '../../server/logging/logger'
import { type RunningServer, secretsOf, startServer } from '../../server/start'
import type { ChannelView, RunningSandbox, SandboxTimings } from '../sandbox/index'
import { startSandbox } from '../sandbox/index'
import { loadDemoBotToken } from './bot-token'
import { explainListenError } from './errors'
import { freePort } from './free-port'
import { siteRoutes } from './site-routes'

export const DEMO_CHANNEL = 'Website'
export const DEMO_AGENTS = ['Anna', 'Boris'] as const
export const DEMO_PROVIDER_ID = 'porthole-demo-bot'

export type DemoOptions = {
  /** The backend and demo site; 0 picks a free port (kept across restartBackend). */
  backendPort: number
  /** The sandbox and its agent console; 0 picks a free port. */
  sandboxPort: number
  /** Sandbox state, sqlite store and generated secrets live here. */
  dataDir: string
  /** Where both servers listen; default 127.0.0.1 (the demo is not for the network). */
  host?: string
  /** The host name in the URLs people open; default `host`. */
  publicHost?: string
  /** The site-owner settings file; default demo/porthole.config.json. */
  settingsFile?: string
  /** The sandbox's timings (the spec's by default); tests shorten them. */
  timings?: Partial<SandboxTimings>
  /** Backend tunables (LOG_LEVEL, STATUS_CACHE_SECONDS, A2_RETRY_INTERVAL_MS…); the wiring's own variables win. */
  env?: Env
  logger?: Logger
}

export type RunningDemo = {
  /** The demo shop with the widget. */
  siteUrl: string
  /** The page with the hostile stylesheet and the strict CSP. */
  hostileUrl: string
  /** The sandbox's agent console. */
  consoleUrl: string
  sandbox: RunningSandbox
  /** The channel the widget talks through, with its endpoint (the backend's CHANNEL_URL). */
  channel: ChannelView
  /** The backend as it runs now (replaced by startBackend). */
  readonly backend: RunningServer | undefined
  /** Stops the backend (with its bot and store), as a deploy would; the sandbox stays. */
  stopBackend(): Promise<void>
  /** Starts the backend again on the same port with the same secrets and data. */
  startBackend(): Promise<RunningServer>
  /** Stops everything, gracefully. */
  close(): Promise<void>
}

/**
 * The whole demo on one machine: the sandbox (the conversation service with Anna and
 * Boris, a "Website" channel and the bot attached) and the backend serving the demo
 * site, wired to each other. `npm start` and the end-to-end tests both run this.
 *
 * @example
 * const demo = await startDemo({ backendPort: 0, sandboxPort: 0, dataDir: tmp })
 * // open demo.siteUrl in a browser, drive demo.sandbox as the agent
 * await demo.close()
 */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const root = findRepoRoot()
  const host = options.host ?? '127.0.0.1'
  const dial = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  const publicHost = options.publicHost ?? dial
  const dataDir = resolve(options.dataDir)
  const settingsFile = resolve(options.settingsFile ?? join(root, 'demo/porthole.config.json'))
  const backendPort = options.backendPort === 0 ? await freePort(host) : options.backendPort
  const secrets = loadDemoSecrets(dataDir)
  const botToken = loadDemoBotToken(dataDir)
  const backendDialUrl = `http://${dial}:${backendPort}`
  const webhookUrl = `${backendDialUrl}/hooks/${secrets.webhookSecret}`

  const sandbox = await startSandbox({
    port: options.sandboxPort,
    host,
    stateFile: join(dataDir, 'sandbox.json'),
    // The console is opened under publicHost: the sandbox answers to that name too.
    allowedHosts: [publicHost],
    ...(options.timings ? { timings: options.timings } : {}),
    botProviders: [
      {
        providerId: DEMO_PROVIDER_ID,
        endpointUrl: `${backendDialUrl}/bot`,
        token: botToken,
        name: 'Northwind bot',
      },
    ],
    agents: DEMO_AGENTS.map((name) => ({ name })),
    channels: [
      { name: DEMO_CHANNEL, webhookUrl, agents: [...DEMO_AGENTS], botProviderId: DEMO_PROVIDER_ID },
    ],
  }).catch((error: unknown) => {
    throw explainListenError(error, 'sandbox', options.sandboxPort, 'SANDBOX_PORT')
  })
  const { service } = sandbox
  // A kept state file may point at other ports: wire the channel to this backend again.
  const existing = service.listChannels().find((channel) => channel.name === DEMO_CHANNEL)
  const channel = existing
    ? service.updateChannel(existing.id, {
        webhookUrl,
        botProviderId: DEMO_PROVIDER_ID,
        enabled: true,
      })
    : service.createChannel({
        name: DEMO_CHANNEL,
        webhookUrl,
        agents: [...DEMO_AGENTS],
        botProviderId: DEMO_PROVIDER_ID,
      })
  // Nobody is at their desk when the demo starts: going online in the console is step one.
  for (const agent of service.listAgents())
    if (agent.online) service.setAgentOnline(agent.id, false)

  const publicUrl = `http://${publicHost}:${backendPort}`
  const env: Env = {
    LOG_LEVEL: 'warn',
    STATUS_CACHE_SECONDS: '2',
    ...options.env,
    PORT: String(backendPort),
    HOST: host,
    PUBLIC_URL: publicUrl,
    ALLOWED_ORIGINS: [
      ...new Set([publicUrl, backendDialUrl, `http://localhost:${backendPort}`]),
    ].join(','),
    CHANNEL_URL: channel.endpoint,
    WEBHOOK_SECRET: secrets.webhookSecret,
    SESSION_SECRET: secrets.sessionSecret,
    PORTHOLE_DEMO: '1',
    PORTHOLE_DATA_DIR: dataDir,
    PORTHOLE_CONFIG: settingsFile,
    BOT_TOKEN: botToken,
    BOT_PROVIDER_ID: DEMO_PROVIDER_ID,
    BOT_BASE_URL: sandbox.url,
  }
  const consoleUrl = `http://${publicHost}:${sandbox.port}/`
  const site = { routes: siteRoutes({ dir: join(root, 'demo/site'), consoleUrl }) }

  // startServer opens the store and Porthole's rules bot from the config, as `npm run serve` does.
  let running: RunningServer | undefined
  async function startBackend(): Promise<RunningServer> {
    if (running) return running
    const config = loadConfig(env)
    const logger =
      options.logger ?? createLogger({ level: config.logLevel, secrets: secretsOf(config) })
    running = await startServer({
      config,
      settings: loadSettings(config.settingsPath),
      site,
      logger,
    }).catch((error: unknown) => {
      throw explainListenError(error, 'backend', backendPort, 'PORT')
    })
    return running
  }

  async function stopBackend(): Promise<void> {
    const current = running
    running = undefined
    await current?.close()
  }

  try {
    await startBackend()
  } catch (error) {
    await sandbox.close()
    throw error
  }
  return {
    siteUrl: `${publicUrl}/`,
    hostileUrl: `${publicUrl}/hostile.html`,
    consoleUrl,
    sandbox,
    channel,
    get backend() {
      return running
    },
    stopBackend,
    startBackend,
    close: async () => {
      await stopBackend()
      await sandbox.close()
    },
  }
}
