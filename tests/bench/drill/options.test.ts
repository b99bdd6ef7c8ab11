import { describe, expect, it } from 'vitest'
import { DrillUsageError, parseDrillArgs, SCENARIOS } from '../../../bench/drill/options'

describe('parseDrillArgs', () => {
  it('runs every scenario, built, with no JSON by default', () => {
    expect(parseDrillArgs([])).toEqual({
      quick: false,
      json: undefined,
      only: [...SCENARIOS],
      build: true,
      dist: undefined,
    })
  })

  it('reads --quick, --json, --only (in the drill order) and --dist (which skips the build)', () => {
    expect(
      parseDrillArgs(['--quick', '--json', 'out.json', '--only', 'crash,replay', '--dist=/tmp/d']),
    ).toEqual({
      quick: true,
      json: 'out.json',
      only: ['replay', 'crash'],
      build: false,
      dist: '/tmp/d',
    })
    expect(parseDrillArgs(['--no-build']).build).toBe(false)
  })

  it('refuses unknown flags, unknown scenarios and missing values with a usage error', () => {
    expect(() => parseDrillArgs(['--fast'])).toThrow(DrillUsageError)
    expect(() => parseDrillArgs(['--only', 'replay,nope'])).toThrow(/unknown scenario nope/)
    expect(() => parseDrillArgs(['--json'])).toThrow(/--json needs a value/)
    expect(() => parseDrillArgs(['--json', '--quick'])).toThrow(/--json needs a value/)
  })
})
