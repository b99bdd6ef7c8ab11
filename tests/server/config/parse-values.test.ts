import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../server/config/errors'
import { loadConfig } from '../../../server/config/load-config'
import { parseChannelUrl } from '../../../server/config/parse-channel'
import { parseOrigins } from '../../../server/config/parse-origins'
import { thrownBy } from '../support/config-problems'

function problemOf(parse: () => unknown): { variable: string; problem: string } | undefined {
  try {
    parse()
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    if (error instanceof ConfigError) {
      expect(error.code).toBe('invalid_config')
      expect(error.problems).toHaveLength(1)
      return error.problems[0]
    }
  }
  return undefined
}

describe('parseOrigins', () => {
  it('returns the origins, normalized', () => {
    expect(parseOrigins(' https://a.example/ , *,http://b.example:8080')).toEqual([
      'https://a.example',
      '*',
      'http://b.example:8080',
    ])
  })
})

describe('parseChannelUrl', () => {
  it('splits the endpoint', () => {
    expect(parseChannelUrl('https://svc.example/api/r4nd0m/chan42')).toEqual({
      url: 'https://svc.example/api/r4nd0m/chan42',
      statusUrl: 'https://svc.example/api/r4nd0m/chan42/status',
      publicId: 'chan42',
    })
  })

  it.each([
    ['ALLOWED_ORIGINS', ' , ', 'must list at least one origin', parseOrigins],
    [
      'ALLOWED_ORIGINS',
      'https://a.example,not a url',
      '"not a url" is not an origin: write scheme://host[:port]',
      parseOrigins,
    ],
    [
      'ALLOWED_ORIGINS',
      'https://a.example/path',
      '"https://a.example/path" is not an origin: drop any path',
      parseOrigins,
    ],
    ['CHANNEL_URL', 'nope', 'is not a URL', parseChannelUrl],
    ['CHANNEL_URL', 'ftp://svc.example/r/c', 'must be an https://', parseChannelUrl],
    ['CHANNEL_URL', 'https://svc.example/r/c?x=1', 'must not have a query string', parseChannelUrl],
    [
      'CHANNEL_URL',
      'https://svc.example/c',
      'must end with /<random_string>/<CHANNEL_PUBLIC_ID>',
      parseChannelUrl,
    ],
  ] as const)('throws a ConfigError naming %s for %j', (variable, value, start, parse) => {
    const problem = problemOf(() => parse(value))
    expect(problem?.variable).toBe(variable)
    expect(problem?.problem.startsWith(start)).toBe(true)
  })

  it('lets loadConfig report both bad values at once, with the other problems', () => {
    const env = { CHANNEL_URL: 'nope', ALLOWED_ORIGINS: 'https://a.example/x', PORT: 'eighty' }
    const thrown = thrownBy(() => loadConfig(env, { cwd: '/nonexistent-porthole-test' }))
    expect(thrown).toBeInstanceOf(ConfigError)
    const variables = thrown instanceof ConfigError ? thrown.problems.map((p) => p.variable) : []
    expect(variables).toEqual(expect.arrayContaining(['CHANNEL_URL', 'ALLOWED_ORIGINS', 'PORT']))
  })
})
