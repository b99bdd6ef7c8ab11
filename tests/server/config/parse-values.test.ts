import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../../server/config/errors'
import { loadConfig } from '../../../server/config/load-config'
import { parseChannelUrl } from '../../../server/config/parse-channel'
import { parseOrigins } from '../../../server/config/parse-origins'

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

  it.each([
    [' , ', 'must list at least one origin'],
    ['https://a.example,not a url', '"not a url" is not an origin: write scheme://host[:port]'],
    ['https://a.example/path', '"https://a.example/path" is not an origin: drop any path'],
  ])('throws a ConfigError naming ALLOWED_ORIGINS for %j', (value, start) => {
    const problem = problemOf(() => parseOrigins(value))
    expect(problem?.variable).toBe('ALLOWED_ORIGINS')
    expect(problem?.problem.startsWith(start)).toBe(true)
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
    ['nope', 'is not a URL'],
    ['ftp://svc.example/r/c', 'must be an https://'],
    ['https://svc.example/r/c?x=1', 'must not have a query string'],
    ['https://svc.example/c', 'must end with /<random_string>/<CHANNEL_PUBLIC_ID>'],
  ])('throws a ConfigError naming CHANNEL_URL for %j', (value, start) => {
    const problem = problemOf(() => parseChannelUrl(value))
    expect(problem?.variable).toBe('CHANNEL_URL')
    expect(problem?.problem.startsWith(start)).toBe(true)
  })

  it('lets loadConfig report both bad values at once, with the other problems', () => {
    const env = { CHANNEL_URL: 'nope', ALLOWED_ORIGINS: 'https://a.example/x', PORT: 'eighty' }
    let thrown: unknown
    try {
      loadConfig(env, { cwd: '/nonexistent-porthole-test' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ConfigError)
    const variables = thrown instanceof ConfigError ? thrown.problems.map((p) => p.variable) : []
    expect(variables).toEqual(expect.arrayContaining(['CHANNEL_URL', 'ALLOWED_ORIGINS', 'PORT']))
  })
})
