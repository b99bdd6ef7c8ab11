import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { consoleLogger } from './console-logger'
import { createSandboxApp } from './http/app'
import { defaultConsoleDir } from './http/console-page'
import { asHostName, LOOPBACK_HOSTS } from './http/host-check'
import { type RunningSmtp, startSmtp } from './mail/smtp-listener'
import { resolveTimings, type SandboxOptions } from './options'
import { createStateWriter, loadState, type StateWriter } from './persistence/state-file'
import { createSandboxService, type SandboxService } from './service/service'

export type { MailboxState, MailDetail, MailReply, MailSummary } from './mail/model'
export type { SandboxOptions, SandboxTimings } from './options'
export { SPEC_TIMINGS } from './options'
export type { ChannelView, ConsoleState, SandboxEvent } from './service/events'
export type {
  AgentInput,
  AgentMessageInput,
  BotProviderInput,
  ChannelInput,
} from './service/inputs'
export type { Agent, BotProvider, Channel, Chat, ChatEntry, DeliveryLog } from './service/model'
export { createSandboxService, type SandboxService } from './service/service'
export type { TrafficEntry } from './service/traffic-log'

export type Sandbox = { app: Hono; service: SandboxService; close(): void }

/** The SMTP server of startSandbox({ smtpPort }) could not listen (the port is taken, say). */
export class SmtpListenError extends Error {
  override name = 'SmtpListenError' as const
}

export type RunningSandbox = {
  url: string
  port: number
  app: Hono
  service: SandboxService
  /** `smtp://host:port` of the sandbox's SMTP server when smtpPort was given: Porthole's SMTP_URL. */
  smtpUrl: string | undefined
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
export function createSandbox(options: SandboxOptions = {}): Sandbox {
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
    ...(options.inboundEmailUrl ? { inboundEmailUrl: options.inboundEmailUrl } : {}),
    ...(state ? { state } : {}),
    onChange: () => writer?.schedule(),
  })
  if (options.stateFile) {
    writer = createStateWriter(options.stateFile, () => service.snapshot(), logger)
  }
  ensureInitial(service, options)
  writer?.flush()
  const app = createSandboxApp(
    service,
    options.consoleDir ?? defaultConsoleDir(),
    allowedHostsOf(service, options.allowedHosts ?? []),
    logger,
  )
  return { app, service, close: () => writer?.close() }
}

/**
 * The sandbox on a real socket (port 0 picks a free one). Channel endpoints use
 * `publicUrl`, or the address it listens on. With `smtpPort` (0: a free one) it also
 * runs an SMTP server whose e-mails the console's Mailbox tab shows.
 *
 * @example
 * const sandbox = await startSandbox({ port: 0 })
 * // ... sandbox.url, sandbox.service ...
 * await sandbox.close()
 */
export async function startSandbox(
  options: SandboxOptions & { port?: number; host?: string; smtpPort?: number } = {},
): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1'
  const listensOnAll = host === '0.0.0.0' || host === '::'
  const sandbox = createSandbox({
    ...options,
    allowedHosts: [...(options.allowedHosts ?? []), ...(listensOnAll ? [] : [host])],
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve(
      { fetch: sandbox.app.fetch, port: options.port ?? 3100, hostname: host },
      () => resolve(started),
    )
    started.once('error', reject)
  })
  const address = server.address()
  if (address === null || typeof address === 'string')
    throw new Error('sandbox: the server has no TCP address')
  const port = address.port
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  if (!options.publicUrl) sandbox.service.publicUrl = url
  let smtp: RunningSmtp | undefined
  if (options.smtpPort !== undefined) {
    const logger = options.logger ?? consoleLogger()
    smtp = await startSmtp({
      mailbox: sandbox.service.mailbox,
      logger,
      port: options.smtpPort,
      host,
    }).catch(async (error: unknown) => {
      sandbox.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : ''
      throw new SmtpListenError(
        `the sandbox's SMTP server could not listen on ${host}:${options.smtpPort}${code}`,
        { cause: error },
      )
    })
  }
  return {
    url,
    port,
    app: sandbox.app,
    service: sandbox.service,
    smtpUrl: smtp?.url,
    close: async () => {
      await smtp?.close()
      sandbox.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        // Live console streams would hold the server open; end them.
        if ('closeAllConnections' in server) server.closeAllConnections()
      })
    },
  }
}
