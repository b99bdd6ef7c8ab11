// `npm run sandbox`: the service emulation with its agent console on one port.
import { resolve } from 'node:path'
import { startSandbox } from './index'

function port(): number {
  const raw = process.env.SANDBOX_PORT ?? '3100'
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`SANDBOX_PORT must be a port number (0-65535), got "${raw}"`)
  }
  return value
}

const listenPort = port()
const webhookSecret = process.env.SANDBOX_WEBHOOK_SECRET ?? 'demo-webhook-secret'
const webhookUrl = process.env.SANDBOX_WEBHOOK_URL ?? `http://localhost:3000/hooks/${webhookSecret}`
const publicUrl = process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${listenPort}`
const stateFile = resolve(process.env.SANDBOX_STATE_FILE ?? 'data/sandbox.json')

const sandbox = await startSandbox({
  port: listenPort,
  host: process.env.SANDBOX_HOST ?? '127.0.0.1',
  publicUrl,
  stateFile,
  agents: [{ name: 'Anna', online: true }, { name: 'Boris' }],
  channels: [{ name: 'Website', webhookUrl, chunked: false, agents: ['Anna', 'Boris'] }],
})

let channel = sandbox.service.listChannels().find((candidate) => candidate.name === 'Website')
// An explicit SANDBOX_WEBHOOK_URL wins over the one kept in the state file.
if (channel && process.env.SANDBOX_WEBHOOK_URL && channel.webhookUrl !== webhookUrl) {
  channel = sandbox.service.updateChannel(channel.id, { webhookUrl })
}
console.log(`Porthole sandbox (the conversation service, emulated) is running.
  Agent console:     ${publicUrl}/
  Channel endpoint:  ${channel?.endpoint ?? '(the "Website" channel was removed)'}   <- CHANNEL_URL of the backend
  Delivers agent messages (A3) to: ${channel?.deliveryUrl ?? '-'}
  Bot interface:     ${publicUrl}/webhooks/{provider_id}/{token}   <- BOT_BASE_URL
  Control API:       ${publicUrl}/console/api/   State: ${stateFile}
Press Ctrl-C to stop.`)

let stopping = false
async function stop(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping the sandbox…`)
  await sandbox.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
