// The command line of `npm run drill`: parsed, never guessed; a bad flag is an error.

export const SCENARIOS = [
  'replay',
  'burst',
  'device',
  'outage',
  'crash',
  'redis',
  'disk',
  'freeze',
  'email',
  'clock',
] as const
export type ScenarioName = (typeof SCENARIOS)[number]

export type DrillOptions = {
  /** Small sizes and a short outage (about a minute in all). */
  quick: boolean
  /** Where to write the results as JSON, if anywhere. */
  json: string | undefined
  /** The scenarios to run, in the drill's order. */
  only: ScenarioName[]
  /** Build dist/ first when it is out of date (off: run dist/ as it is). */
  build: boolean
  /** Another build to run (a folder holding server/main.js and demo/sandbox.js); implies no build. */
  dist: string | undefined
}

export class DrillUsageError extends Error {
  override name = 'DrillUsageError' as const
  readonly code = 'drill_usage' as const
}

export const USAGE = `usage: npm run drill -- [--quick] [--json <file>] [--only ${SCENARIOS.join(',')}] [--no-build] [--dist <folder>]`

function isScenario(name: string): name is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(name)
}

export function parseDrillArgs(argv: readonly string[]): DrillOptions {
  const options: DrillOptions = {
    quick: false,
    json: undefined,
    only: [...SCENARIOS],
    build: true,
    dist: undefined,
  }
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? ''
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg]
    const value = (): string => {
      const next = inline ?? argv[++i]
      if (next === undefined || next === '' || (inline === undefined && next.startsWith('--')))
        throw new DrillUsageError(`${flag} needs a value\n${USAGE}`)
      return next
    }
    switch (flag) {
      case '--quick':
        options.quick = true
        break
      case '--no-build':
        options.build = false
        break
      case '--json':
        options.json = value()
        break
      case '--dist':
        options.dist = value()
        options.build = false
        break
      case '--only': {
        const names = value()
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
        const unknown = names.filter((name) => !isScenario(name))
        if (unknown.length > 0 || names.length === 0)
          throw new DrillUsageError(
            `--only: unknown scenario ${unknown.join(', ') || '(none given)'}; choose from ${SCENARIOS.join(', ')}`,
          )
        options.only = SCENARIOS.filter((name) => names.includes(name))
        break
      }
      default:
        throw new DrillUsageError(`unknown argument ${arg}\n${USAGE}`)
    }
  }
  return options
}
