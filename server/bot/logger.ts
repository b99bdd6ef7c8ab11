import { createLogger, type LogFields, type Logger } from '../logging/logger'

/** Structured log fields; the default logger masks the bot token wherever it appears. */
export type { LogFields }

/**
 * What the bot provider logs through: Porthole's Logger fits (the backend passes its
 * own, which masks every configured secret), and so does any logger with these methods.
 */
export type BotLogger = Pick<Logger, 'info' | 'warn' | 'error'>

/**
 * The logger of a bot created without one: Porthole's JSON-lines logger on stdout, with
 * `component: "bot"` on every line and the bot token masked.
 *
 * @example createBotProvider({ ...options, logger: options.logger ?? defaultBotLogger(options.token) })
 */
export function defaultBotLogger(token: string, write?: (line: string) => void): BotLogger {
  return createLogger({ secrets: [token], ...(write ? { write } : {}) }).child({ component: 'bot' })
}

/** A readable one-liner for anything thrown, for log fields. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
