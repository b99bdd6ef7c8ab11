// `npm run sandbox`: the service emulation with its agent console on one port.
import { resolve } from 'node:path'
import { type RunningSandbox, SmtpListenError, startSandbox } from './index'

function port(variable: string, fallback: string): number {
  const raw = process.env[variable] ?? fallback
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${variable} must be a port number (0-65535), got "${raw}"`)
  }
  return value
}

async function start(): Promise<RunningSandbox> {
  const listenPort = port('SANDBOX_PORT', '3100')
  const smtpPort = port('SANDBOX_SMTP_PORT', '2525')
  const webhookSecret = process.env.SANDBOX_WEBHOOK_SECRET ?? 'demo-webhook-secret'
  const webhookUrl =
    process.env.SANDBOX_WEBHOOK_URL ?? `http://localhost:3000/hooks/${webhookSecret}`
  const stateFile = resolve(process.env.SANDBOX_STATE_FILE ?? 'data/sandbox.json')
  const sandbox = await startSandbox({
    port: listenPort,
    host: process.env.SANDBOX_HOST ?? '127.0.0.1',
    ...(process.env.SANDBOX_PUBLIC_URL ? { publicUrl: process.env.SANDBOX_PUBLIC_URL } : {}),
    stateFile,
    smtpPort,
    ...(process.env.SANDBOX_INBOUND_EMAIL_URL
      ? { inboundEmailUrl: process.env.SANDBOX_INBOUND_EMAIL_URL }
      : {}),
    agents: [{ name: 'Anna', online: true }, { name: 'Boris' }],
    channels: [{ name: 'Website', webhookUrl, chunked: false, agents: ['Anna', 'Boris'] }],
  }).catch((error: unknown) => {
    if (error instanceof SmtpListenError)
      throw new Error(
        `${error.message}: choose another with SANDBOX_SMTP_PORT (0 picks a free one)`,
      )
    const code = error instanceof Error && 'code' in error ? ` (${String(error.code)})` : ''
    throw new Error(
      `could not start on port ${listenPort}${code}: ${error instanceof Error ? error.message : error}; choose another with SANDBOX_PORT`,
    )
  })

  let channel = sandbox.service.listChannels().find((candidate) => candidate.name === 'Website')
  // An explicit SANDBOX_WEBHOOK_URL wins over the one kept in the state file.
  if (channel && process.env.SANDBOX_WEBHOOK_URL && channel.webhookUrl !== webhookUrl) {
    channel = sandbox.service.updateChannel(channel.id, { webhookUrl })
  }
  const base = sandbox.service.publicUrl
  console.log(`Porthole sandbox (the conversation service, emulated) is running.
  Agent console:     ${base}/
  Channel endpoint:  ${channel?.endpoint ?? '(the "Website" channel was removed)'}   <- CHANNEL_URL of the backend
  Delivers agent messages (A3) to: ${channel?.deliveryUrl ?? '-'}
  Bot interface:     ${base}/webhooks/{provider_id}/{token}   <- BOT_BASE_URL
  Control API:       ${base}/console/api/   State: ${stateFile}
  SMTP server:       ${sandbox.smtpUrl ?? '-'}   <- SMTP_URL of the backend (the console's Mailbox tab)
Press Ctrl-C to stop.`)
  return sandbox
}

try {
  const sandbox = await start()
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the sandbox…`)
    await sandbox.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
} catch (error) {
  console.error(`sandbox: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
