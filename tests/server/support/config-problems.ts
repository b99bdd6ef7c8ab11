import { isConfigError } from '../../../server/config/errors'
import { loadConfig } from '../../../server/config/load-config'

/** The problems loadConfig reports for `env` in `cwd`, by variable; throws if it loads. */
export function configProblems(
  env: Record<string, string | undefined>,
  cwd: string,
): Record<string, string> {
  try {
    loadConfig(env, { cwd })
  } catch (error) {
    if (!isConfigError(error)) throw error
    return Object.fromEntries(error.problems.map((p) => [p.variable, p.problem]))
  }
  throw new Error('expected a ConfigError')
}

/** What `run` throws; fails the test when it throws nothing. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected it to throw')
}
