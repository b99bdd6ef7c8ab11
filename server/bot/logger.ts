/** Structured log fields; never put the bot token (or a URL holding it) here. */
export type LogFields = Record<string, unknown>

/** What the bot provider logs through; `console` fits, and so does a pino-style logger wrapper. */
export type BotLogger = {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

export const consoleLogger: BotLogger = {
  info: (message, fields) => console.info(`[bot] ${message}`, fields ?? ''),
  warn: (message, fields) => console.warn(`[bot] ${message}`, fields ?? ''),
  error: (message, fields) => console.error(`[bot] ${message}`, fields ?? ''),
}

/** A readable one-liner for anything thrown, for log fields. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  return String(error)
}
