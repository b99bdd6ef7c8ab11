import { PortholeError } from '../errors'

export const BOT_ERROR_CODES = [
  'invalid_bot_options',
  'invalid_bot_settings',
  'invalid_bot_event',
] as const
export type BotErrorCode = (typeof BOT_ERROR_CODES)[number]

/** Bad options given to createBotProvider / createBot (a programming or deployment error). */
export class BotConfigError extends PortholeError<'invalid_bot_options'> {
  override name = 'BotConfigError' as const

  constructor(message: string, options?: ErrorOptions) {
    super('invalid_bot_options', message, options)
  }
}

/** The PORTHOLE_CONFIG `bot` section is invalid; `problems` name each rule and field. */
export class BotSettingsError extends PortholeError<'invalid_bot_settings'> {
  override name = 'BotSettingsError' as const
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(
      'invalid_bot_settings',
      `Invalid "bot" section in the settings file (PORTHOLE_CONFIG):\n- ${problems.join('\n- ')}`,
    )
    this.problems = problems
  }
}

/** An event handed to send() that the service would refuse; fix the calling code. */
export class InvalidBotEventError extends PortholeError<'invalid_bot_event'> {
  override name = 'InvalidBotEventError' as const

  constructor(message: string, options?: ErrorOptions) {
    super('invalid_bot_event', message, options)
  }
}

/** A bot send stopped by a shutdown that ran out of time; the event is handled at the next start. */
export class BotShutdownError extends Error {
  override name = 'BotShutdownError' as const

  constructor() {
    super('the bot provider is shutting down; the event is kept for the next start')
  }
}

export function isBotConfigError(error: unknown): error is BotConfigError {
  return error instanceof BotConfigError
}

export function isBotSettingsError(error: unknown): error is BotSettingsError {
  return error instanceof BotSettingsError
}

export function isInvalidBotEventError(error: unknown): error is InvalidBotEventError {
  return error instanceof InvalidBotEventError
}
