/** Bad options given to createBotProvider / createBot (a programming or deployment error). */
export class BotConfigError extends Error {
  override name = 'BotConfigError' as const
}

/** The PORTHOLE_CONFIG `bot` section is invalid; `problems` name each rule and field. */
export class BotSettingsError extends Error {
  override name = 'BotSettingsError' as const
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(
      `Invalid "bot" section in the settings file (PORTHOLE_CONFIG):\n- ${problems.join('\n- ')}`,
    )
    this.problems = problems
  }
}

/** An event handed to send() that the service would refuse; fix the calling code. */
export class InvalidBotEventError extends Error {
  override name = 'InvalidBotEventError' as const
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
