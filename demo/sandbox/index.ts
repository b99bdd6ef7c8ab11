import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { consoleLogger } from './console-logger'
import { createSandboxApp } from './http/app'
import { defaultConsoleDir } from './http/console-page'
import { asHostName, LOOPBACK_HOSTS } from './http/host-check'
import { createMailbox, listenSmtp, type Mailbox } from './mail/mailbox'
import { resolveTimings, type SandboxOptions } from './options'
import { createStateWriter, loadState, type StateWriter } from './persistence/state-file'
import { createSandboxService, type SandboxService } from './service/service'

export type { Mailbox, MailboxMessage } from './mail/mailbox'
export type { SandboxOptions, SandboxTimings } from './options'
export { SPEC_TIMINGS } from './options'
export type { ChannelView, ConsoleState, SandboxEvent } from './service/events'
export type {
  AgentInput,
  AgentMessageInput,
  BotProviderInput,
  ChannelInput,
} from './service/inputs'
export type { Agent, BotProvider, Channel, Chat, ChatEntry, Delivery } from './service/model'
export { createSandboxService, type SandboxService } from './service/service'
export type { TrafficEntry } from './service/traffic-log'

export type Sandbox = {
  app: Hono
  service: SandboxService
  /** Every e-mail the sandbox's SMTP server received (the console's Mailbox tab). */
  mailbox: Mailbox
  close(): void
}

export type RunningSandbox = {
  url: string
  port: number
  app: Hono
  service: SandboxService
  mailbox: Mailbox
  /** The SMTP server's port (options.mail.smtpPort), or undefined when none was asked for. */
  smtpPort: number | undefined
  close(): Promise<void>
}

const DEFAULT_PUBLIC_URL = 'http://localhost:3100'

function ensureInitial(service: SandboxService, options: SandboxOptions): void {
  for (const provider of options.botProviders ?? []) service.registerBotProvider(provider)
  for (const agent of options.agents ?? []) {
    if (!service.listAgents().some((existing) => existing.name === agent.name))
      service.addAgent(agent)
  }
  for (const channel of options.channels ?? []) {
    if (!service.listChannels().some((existing) => existing.name === channel.name)) {
      service.createChannel(channel)
    }
  }
}

/** The sandbox's own names: loopback, its public URL's host (it may change) and `extra`. */
function allowedHostsOf(service: SandboxService, extra: string[]): () => ReadonlySet<string> {
  const fixed = [...LOOPBACK_HOSTS, ...extra.map(asHostName)]
  let forUrl: string | undefined
  let hosts: ReadonlySet<string> = new Set()
  return () => {
    if (forUrl !== service.publicUrl) {
      forUrl = service.publicUrl
      hosts = new Set([...fixed, new URL(forUrl).hostname].filter((name) => name !== undefined))
    }
    return hosts
  }
}

/**
 * An in-process sandbox for tests: drive it with `app.request(...)`.
 *
 * @example
 * const { app, service } = createSandbox({ timings: { deliveryIntervalMs: 10 } })
 * const channel = service.createChannel({ name: 'Site', webhookUrl: 'http://127.0.0.1:4000/hooks/s', agents: ['Anna'] })
 */
export function createSandbox(
  options: SandboxOptions = {},
  smtpUrl: () => string | undefined = () => undefined,
): Sandbox {
  const timings = resolveTimings(options.timings)
  const state = options.stateFile ? loadState(options.stateFile) : undefined
  let writer: StateWriter | undefined
  const logger = options.logger ?? consoleLogger()
  const service = createSandboxService({
    logger,
    timings,
    fetch: options.fetch ?? fetch,
    publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL,
    trafficLimit: options.trafficLimit ?? 5000,
    ...(state ? { state } : {}),
    onChange: () => writer?.schedule(),
  })
  if (options.stateFile) {
    writer = createStateWriter(options.stateFile, () => service.snapshot(), logger)
  }
  ensureInitial(service, options)
  writer?.flush()
  const mailbox = createMailbox()
  const app = createSandboxApp(
    service,
    options.consoleDir ?? defaultConsoleDir(),
    allowedHostsOf(service, options.allowedHosts ?? []),
    logger,
    {
      mailbox,
      inboundUrl: options.mail?.inboundUrl,
      smtpUrl,
      fetch: options.fetch ?? fetch,
      now: Date.now,
    },
  )
  return { app, service, mailbox, close: () => writer?.close() }
}

/**
 * The sandbox on a real socket (port 0 picks a free one). Channel endpoints use
 * `publicUrl`, or the address it listens on.
 *
 * @example
 * const sandbox = await startSandbox({ port: 0 })
 * // ... sandbox.url, sandbox.service ...
 * await sandbox.close()
 */
export async function startSandbox(
  options: SandboxOptions & { port?: number; host?: string } = {},
): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1'
  const listensOnAll = host === '0.0.0.0' || host === '::'
  let smtpPort: number | undefined
  const sandbox = createSandbox(
    {
      ...options,
      allowedHosts: [...(options.allowedHosts ?? []), ...(listensOnAll ? [] : [host])],
    },
    () => {
      if (smtpPort === undefined) return undefined
      const dial = listensOnAll ? '127.0.0.1' : host
      return `smtp://${dial.includes(':') ? `[${dial}]` : dial}:${smtpPort}`
    },
  )
  const smtp =
    options.mail?.smtpPort === undefined
      ? undefined
      : await listenSmtp(sandbox.mailbox, { port: options.mail.smtpPort, host })
  smtpPort = smtp?.port
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve(
      { fetch: sandbox.app.fetch, port: options.port ?? 3100, hostname: host },
      () => resolve(started),
    )
    started.once('error', reject)
  }).catch(async (error: unknown) => {
    await smtp?.close()
    throw error
  })
  const address = server.address()
  if (address === null || typeof address === 'string')
    throw new Error('sandbox: the server has no TCP address')
  const port = address.port
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  if (!options.publicUrl) sandbox.service.publicUrl = url
  return {
    url,
    port,
    app: sandbox.app,
    service: sandbox.service,
    mailbox: sandbox.mailbox,
    smtpPort,
    close: async () => {
      sandbox.close()
      await smtp?.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Live console streams would hold the server open; end them.
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
    },
  }
}
