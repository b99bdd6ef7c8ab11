// Production entry: `npm run serve` (node dist/server/main.js). Configuration comes
// from the environment; see docs/operators/configuration.md.

import { embedSnippet, scriptTag } from '../shared/embed-code'
import { isBotSettingsError } from './bot/errors'
import { isConfigError } from './config/errors'
import { listeningOn } from './listen-address'
import { maskSecret } from './logging/mask-secret'
import { startServer } from './start'

// Beyond the drain and SHUTDOWN_TIMEOUT_SECONDS: closing the store, the last log lines.
const BACKSTOP_MS = 5000

async function main(): Promise<void> {
  const server = await startServer({ env: process.env })
  const { config } = server
  // The operator's console (stderr) is a log too (a container's, a CI job's): the
  // secrets in these URLs are masked; the operator has them in the configuration.
  process.stderr.write(
    [
      `Porthole backend listening on ${listeningOn(server.address, server.port)} (public URL ${config.publicUrl}, store ${server.store.kind})`,
      `Webhook URL to enter in the service's channel settings: ${config.publicUrl}/hooks/${maskSecret(config.webhookSecret)} (put your WEBHOOK_SECRET in place of the stars)`,
      `Widget embed, to paste before </body> (docs/site-owners/embedding.md): ${embedSnippet(config.publicUrl)}`,
      `  or, where a Content-Security-Policy refuses inline scripts: ${scriptTag(config.publicUrl)}`,
      ...(config.bot
        ? [
            `Bot endpoint to enter in the service's bot settings: ${config.publicUrl}/bot/${maskSecret(config.bot.token)} (put your BOT_TOKEN in place of the stars)`,
          ]
        : []),
      ...(config.inboundEmail
        ? [
            `E-mail replies (to ${config.inboundEmail.replyDomain}): point the inbound mail service at ${config.publicUrl}/hooks/email/${maskSecret(config.inboundEmail.secret)} (put your INBOUND_EMAIL_SECRET in place of the stars)`,
          ]
        : []),
      '',
    ].join('\n'),
  )
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now\n`)
      process.exit(1)
    }
    stopping = true
    process.stderr.write(`${signal}: shutting down gracefully…\n`)
    // A last resort: close() bounds each step, but nothing may keep the process alive.
    const limitMs = config.shutdownDrainMs + config.shutdownTimeoutMs + BACKSTOP_MS
    setTimeout(() => {
      process.stderr.write(
        `shutdown did not finish within ${limitMs / 1000} s (SHUTDOWN_DRAIN_SECONDS + SHUTDOWN_TIMEOUT_SECONDS + ${BACKSTOP_MS / 1000}); exiting\n`,
      )
      process.exit(1)
    }, limitMs).unref()
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(
          `shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`,
        )
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (isConfigError(error) || isBotSettingsError(error)) process.stderr.write(`${error.message}\n`)
  else
    process.stderr.write(
      `Porthole could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  process.exit(1)
})
