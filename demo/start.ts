// `npm start`: the whole demo on this machine. scripts/start.mjs builds dist/ first.
import { resolve } from 'node:path'
import { isBotSettingsError } from '../server/bot/errors'
import { isConfigError } from '../server/config/errors'
import { DemoStartError, isDemoStartError } from './launch/errors'
import { type RunningDemo, startDemo } from './launch/start-demo'
import { StateFileError } from './sandbox/persistence/state-file'

function portFrom(variable: string, fallback: number): number {
  const raw = process.env[variable]
  if (raw === undefined || raw.trim() === '') return fallback
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new DemoStartError(`${variable} must be a port number from 1 to 65535, got "${raw}"`)
  }
  return port
}

// The generated password is shown the one time it is made; afterwards, where it is kept.
function studioPassword(demo: RunningDemo): string {
  const dataDir = resolve(process.env.PORTHOLE_DATA_DIR ?? 'data')
  if (demo.newAdminPassword)
    return `  Studio password:            ${demo.newAdminPassword}  (shown once; kept in ${dataDir}/demo-admin.json)\n`
  if (process.env.ADMIN_PASSWORD) return '  Studio password:            your ADMIN_PASSWORD\n'
  return `  Studio password:            in ${dataDir}/demo-admin.json\n`
}

function banner(demo: RunningDemo): string {
  return `
Porthole demo is running.

  Demo site with the widget:  ${demo.siteUrl}
  Agent console (sandbox):    ${demo.consoleUrl}
  Settings studio:            ${demo.studioUrl}
${studioPassword(demo)}  E-mail to visitors:         the console's Mailbox tab (SMTP ${demo.sandbox.smtpUrl ?? 'off'})

What to try: open the agent console and switch Anna online — the launcher on the demo
site turns online. Open the chat and ask "What are your opening hours?" or "Do you ship
abroad?": the bot answers; "How long does shipping take?" gets the shop's help article
with "That helped" and "Talk to a person". Write "I want to talk to a person" and the bot hands you over;
in the console, press Accept chat, reply, send a photo or a document, and watch typing go both
ways. Reload the page or open a second tab: the conversation is still there. The hostile
page (${demo.hostileUrl}) shows the widget under an aggressive stylesheet and a strict CSP.

Data (conversations, sandbox state, secrets): ${resolve(process.env.PORTHOLE_DATA_DIR ?? 'data')}
Press Ctrl-C to stop.
`
}

async function main(): Promise<void> {
  // The demo's own variables are fixed by the wiring; tunables like LOG_LEVEL pass through.
  const { PORT: _port, CHANNEL_URL: _channel, ...env } = process.env
  const demo = await startDemo({
    backendPort: portFrom('PORT', 3000),
    sandboxPort: portFrom('SANDBOX_PORT', 3100),
    smtpPort: portFrom('SANDBOX_SMTP_PORT', 0),
    dataDir: process.env.PORTHOLE_DATA_DIR ?? 'data',
    publicHost: 'localhost',
    env,
  })
  process.stdout.write(banner(demo))
  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now\n`)
      process.exit(1)
    }
    stopping = true
    process.stdout.write(`\n${signal}: stopping the demo…\n`)
    demo.close().then(
      () => {
        process.stdout.write('Stopped.\n')
        process.exit(0)
      },
      (error: unknown) => {
        process.stderr.write(
          `The demo did not stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`,
        )
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (
    isDemoStartError(error) ||
    isConfigError(error) ||
    isBotSettingsError(error) ||
    error instanceof StateFileError
  )
    process.stderr.write(`${error.message}\n`)
  else
    process.stderr.write(
      `The Porthole demo could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  process.exit(1)
})
