import { PortholeError } from '../errors'

/** One bad setting: which variable (or settings-file key) and what to do about it. */
export type ConfigProblem = { variable: string; problem: string }

/** The configuration cannot start the backend; the message lists every problem. */
export class ConfigError extends PortholeError<'invalid_config'> {
  override name = 'ConfigError' as const
  readonly problems: ConfigProblem[]

  constructor(problems: ConfigProblem[]) {
    super(
      'invalid_config',
      `Porthole cannot start, fix the configuration:\n${problems
        .map((p) => `  - ${p.variable}: ${p.problem}`)
        .join('\n')}`,
    )
    this.problems = problems
  }
}

export function isConfigError(error: unknown): error is ConfigError {
  return error instanceof ConfigError
}
